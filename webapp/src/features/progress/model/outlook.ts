// The progress page's arithmetic: reading pace over a window and where it leads, and the pace a
// finish date asks for. Pure, so the edge cases (nothing read, done already) are unit-tested.
import { addDays, daysBetween, type IsoDate } from './dates';
import type { DateVerseCounts } from '@/shared/readmodels';

export type OutlookKind = 'average' | 'last30' | 'last7' | 'today';

/**
 * What an outlook can honestly say: a finish date ('pace'), 'done', 'tooEarly' (fewer than
 * MIN_HISTORY_DAYS since lookBackDate: a pace over a window that short says little), 'noReading'
 * (nothing new in the window) or 'farOff' (the finish lies more than MAX_FINISH_YEARS away).
 */
export type OutlookStatus = 'pace' | 'done' | 'tooEarly' | 'noReading' | 'farOff';

/** Days since lookBackDate (today included) before the longer outlooks mean anything. */
export const MIN_HISTORY_DAYS = 7;
/** A finish further away than this is shown in words, not as a date. */
export const MAX_FINISH_YEARS = 100;

export interface Outlook {
  kind: OutlookKind;
  /** First date of the window (never before lookBackDate). */
  from: IsoDate;
  /** Days in the window, today included; 0 when lookBackDate lies after today. */
  days: number;
  /** New verses (read for the first time since lookBackDate) in the window. */
  verses: number;
  /** verses / days; 0 for an empty window. */
  versesPerDay: number;
  /** Days from today to read the rest at this pace; 0 when done, null when the pace is 0. */
  daysToFinish: number | null;
  /** today + daysToFinish; null when the pace never finishes. */
  finishDate: IsoDate | null;
  status: OutlookStatus;
}

const WINDOW_DAYS: Record<OutlookKind, number | null> = { average: null, last30: 30, last7: 7, today: 1 };

/** Sums the unique verses of the dates from..to (inclusive). */
export function versesBetween(counts: DateVerseCounts, from: IsoDate, to: IsoDate): number {
  let sum = 0;
  for (const [date, count] of Object.entries(counts)) {
    if (date >= from && date <= to) sum += count.unique;
  }
  return sum;
}

/** One outlook: the pace over a window ending today and the finish it leads to. */
export function outlook(
  kind: OutlookKind,
  { counts, lookBackDate, today, remaining }: { counts: DateVerseCounts; lookBackDate: IsoDate; today: IsoDate; remaining: number },
): Outlook {
  const span = WINDOW_DAYS[kind];
  const windowStart = span === null ? lookBackDate : addDays(today, -(span - 1));
  const from = windowStart < lookBackDate ? lookBackDate : windowStart;
  const days = Math.max(0, daysBetween(from, today) + 1);
  const verses = days > 0 ? versesBetween(counts, from, today) : 0;
  const versesPerDay = days > 0 ? verses / days : 0;
  let daysToFinish: number | null;
  if (remaining <= 0) daysToFinish = 0;
  else if (verses > 0) daysToFinish = Math.ceil((remaining * days) / verses); // remaining / (verses / days), exactly
  else daysToFinish = null;
  const finishDate = daysToFinish === null ? null : addDays(today, daysToFinish);
  const history = Math.max(0, daysBetween(lookBackDate, today) + 1);
  let status: OutlookStatus;
  if (remaining <= 0) status = 'done';
  else if (kind !== 'today' && history < MIN_HISTORY_DAYS) status = 'tooEarly';
  else if (verses === 0) status = 'noReading';
  else if (daysToFinish !== null && daysToFinish > MAX_FINISH_YEARS * 365) status = 'farOff';
  else status = 'pace';
  return { kind, from, days, verses, versesPerDay, daysToFinish, finishDate, status };
}

/** The four outlooks the progress page shows, in order. */
export function outlooks(input: { counts: DateVerseCounts; lookBackDate: IsoDate; today: IsoDate; remaining: number }): Outlook[] {
  return (['average', 'last30', 'last7', 'today'] as const).map((kind) => outlook(kind, input));
}

/** The largest daily goal the settings accept. */
export const MAX_DAILY_GOAL = 1111;

export type GoalPlan =
  | { kind: 'done' }
  | { kind: 'invalidDate' }
  | { kind: 'tooSoon' }
  | { kind: 'plan'; days: number; versesPerDay: number; tooHigh: boolean };

/**
 * The daily pace that finishes the remaining verses by a date: ceil(remaining / days), days
 * counted from today (tomorrow is 1 day away). The date must come after today; a pace above
 * MAX_DAILY_GOAL cannot be saved as the goal.
 */
export function planGoal({ remaining, today, finishDate }: { remaining: number; today: IsoDate; finishDate: IsoDate }): GoalPlan {
  if (remaining <= 0) return { kind: 'done' };
  const days = daysBetween(today, finishDate);
  if (Number.isNaN(days)) return { kind: 'invalidDate' };
  if (days <= 0) return { kind: 'tooSoon' };
  const versesPerDay = Math.ceil(remaining / days);
  return { kind: 'plan', days, versesPerDay, tooHigh: versesPerDay > MAX_DAILY_GOAL };
}
