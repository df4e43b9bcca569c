import { useCallback, useState } from 'react';
import type { ReadingPlan, ReadingPlanDay } from './api';

/**
 * The day to show as today's: the first day not done when the reader is behind, else the day the
 * schedule puts on today (done already when the reader is ahead). Undefined before the start, for
 * a paused plan and for cyclic plans.
 */
export function todaysDay(plan: ReadingPlan): ReadingPlanDay | undefined {
  const scheduled = plan.scheduledDay;
  if (plan.paused || scheduled === null || scheduled < 1) return undefined;
  const day = plan.nextDay !== null && plan.nextDay <= scheduled ? plan.nextDay : scheduled;
  return plan.days[day - 1];
}

export interface DayCompletion {
  /** The day the last log write completed, once the plans' new answer shows it done. */
  completed: { planId: string; day: number } | null;
  /** Call before logging a passage of an open day: the write may complete it. */
  watch(planId: string, day: number): void;
  dismiss(): void;
}

/**
 * A "Day complete" moment: which day a log write just completed. The credits rule runs on the
 * server (and offline in the browser), so the day counts as complete only when the plans' answer
 * after the write says so, never from a guess made before it.
 */
export function useDayCompletion(plans: readonly ReadingPlan[] | undefined): DayCompletion {
  const [watched, setWatched] = useState<{ planId: string; day: number } | null>(null);
  const plan = watched ? plans?.find((candidate) => candidate.id === watched.planId) : undefined;
  const completed = watched && plan?.days[watched.day - 1]?.done ? watched : null;
  const watch = useCallback((planId: string, day: number) => setWatched({ planId, day }), []);
  const dismiss = useCallback(() => setWatched(null), []);
  return { completed, watch, dismiss };
}

/** The library's plans, by the template id a plan started from keeps as its source. */
export const LIBRARY_PLANS = ['canonical-365', 'ot-nt-365', 'mcheyne', 'horner', 'nt-90', 'psalms-proverbs-31'] as const;
export type LibraryPlan = (typeof LIBRARY_PLANS)[number];

/** The library plan a plan or template id names, for its name and description in the reader's language. */
export function libraryPlan(id: string): LibraryPlan | undefined {
  return (LIBRARY_PLANS as readonly string[]).includes(id) ? (id as LibraryPlan) : undefined;
}
