import { baseApi, creatingPost, type Schemas } from '@/shared/api';
import type { ReadingPlan } from '@/shared/readmodels';

// The plans' writes and their library. Reading a plan's progress is a read model: @/shared/readmodels.

export type PlanTemplateSummary = Schemas['PlanTemplateSummary'];
export type ReadingPlanDraft = Schemas['ReadingPlanDraft'];
export type PlanGenerator = NonNullable<ReadingPlanDraft['generate']>;
export type PlanImport = Schemas['ReadingPlanImport'];
export type CatchUpMode = 'shift' | 'rebalance' | 'spread' | 'pause' | 'resume' | 'extend' | 'undo';

export interface PlanImportRequest {
  /** The file's text, as read in the browser. */
  text: string;
  /** The file's name, which tells a CSV from plain text when the content does not. */
  fileName: string;
  dryRun: boolean;
  name?: string;
  startDate?: string;
  weekdays?: number[];
}

function importContentType(text: string, fileName: string): string {
  const first = text.replace(/^\uFEFF/, '').trimStart().charAt(0);
  if (first === '{' || fileName.toLowerCase().endsWith('.json')) return 'application/json';
  if (fileName.toLowerCase().endsWith('.csv')) return 'text/csv';
  return 'text/plain';
}

export const plansApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPlanTemplates: build.query<PlanTemplateSummary[], void>({
      query: () => '/reading-plans/templates',
    }),
    createPlan: build.mutation<ReadingPlan, ReadingPlanDraft>({
      query: (draft) => creatingPost('/reading-plans', draft),
      invalidatesTags: (_result, error) => (error ? [] : ['Plan']),
    }),
    importPlan: build.mutation<PlanImport, PlanImportRequest>({
      query: ({ text, fileName, dryRun, name, startDate, weekdays }) => {
        const params: Record<string, string> = {};
        if (dryRun) params.dryRun = 'true';
        if (name) params.name = name;
        if (startDate) params.startDate = startDate;
        if (weekdays && weekdays.length < 7) params.weekdays = weekdays.join(',');
        return { url: '/reading-plans/import', method: 'POST', params, body: text, headers: { 'Content-Type': importContentType(text, fileName) } };
      },
      invalidatesTags: (result, error) => (error || !result?.plan ? [] : ['Plan']),
    }),
    catchUpPlan: build.mutation<ReadingPlan, { id: string; mode: CatchUpMode; today: string }>({
      query: ({ id, mode, today }) => ({ url: `/reading-plans/${encodeURIComponent(id)}/catch-up`, method: 'POST', params: { today }, body: { mode } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Plan']),
    }),
    deletePlan: build.mutation<{ deleted: boolean }, string>({
      query: (id) => ({ url: `/reading-plans/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Plan']),
    }),
  }),
});

export const { useGetPlanTemplatesQuery, useCreatePlanMutation, useImportPlanMutation, useCatchUpPlanMutation, useDeletePlanMutation } = plansApi;
