import type { ReadingPlan } from '@/shared/readmodels';

/** Passages of the plan read (in any order) and in all: a plan's coverage, beside its days done. */
export function planCoverage(plan: ReadingPlan): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const day of plan.days) {
    total += day.passagesDone.length;
    done += day.passagesDone.filter(Boolean).length;
  }
  for (const track of plan.tracks ?? []) {
    total += track.passagesDone.length;
    done += track.passagesDone.filter(Boolean).length;
  }
  return { done, total };
}
