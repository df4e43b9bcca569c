import { baseApi, type operations, type Schemas } from '@/shared/api';

// The insights themselves come from @/shared/readmodels.
export type BookChapters = Schemas['ChapterReadCounts']['books'][number];
export type LinkState = NonNullable<Schemas['SharingLinkState']>;
export type SharingState = operations['getSharing']['responses']['200']['content']['application/json'];

export type LinkKind = 'calendar-feed' | 'progress-link';

export const insightsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSharing: build.query<SharingState, void>({
      query: () => '/sharing',
      keepUnusedDataFor: 0,
    }),
    createLink: build.mutation<{ url: string }, { kind: LinkKind; readNext?: boolean }>({
      query: ({ kind, readNext }) => ({
        url: `/sharing/${kind}`,
        method: 'POST',
        body: kind === 'calendar-feed' ? { readNext: readNext ?? true } : {},
      }),
    }),
    revokeLink: build.mutation<{ deleted: boolean }, LinkKind>({
      query: (kind) => ({ url: `/sharing/${kind}`, method: 'DELETE' }),
    }),
  }),
});

export const { useGetSharingQuery, useCreateLinkMutation, useRevokeLinkMutation } = insightsApi;
