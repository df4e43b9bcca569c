import { TOTAL_VERSES } from '@/shared/bible';

export const MIN_GOAL = 1;
export const MAX_GOAL = 1111;
/** The goal that reads the whole Bible in a year: ceil(31,102 / 365) = 86. */
export const YEAR_GOAL = Math.ceil(TOTAL_VERSES / 365);

/** The goal as a whole number in range, or undefined. */
export function parseGoal(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= MIN_GOAL && n <= MAX_GOAL ? n : undefined;
}

/** Days to read the whole Bible at `goal` new verses a day: ceil(31,102 / goal). */
export function daysForWholeBible(goal: number): number {
  return Math.ceil(TOTAL_VERSES / goal);
}
