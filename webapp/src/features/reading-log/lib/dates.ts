// Calendar dates as the API writes them (YYYY-MM-DD), computed in UTC so no time zone or
// daylight-saving change can shift a day.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar date in the form YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Midnight UTC of the date, as a Date. */
export function isoToUtc(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

export function utcToIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const date = isoToUtc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return utcToIso(date);
}

/** 0 for Monday ... 6 for Sunday. */
export function weekdayMondayFirst(iso: string): number {
  return (isoToUtc(iso).getUTCDay() + 6) % 7;
}

/** A month as year and 1-based month number. */
export interface Month {
  year: number;
  month: number;
}

export function monthOf(iso: string): Month {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return { year: y, month: m };
}

export function addMonths({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function firstOfMonth({ year, month }: Month): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

export function lastOfMonth(month: Month): string {
  return addDays(firstOfMonth(addMonths(month, 1)), -1);
}

/** "2025-03" for the URL. */
export function monthKey({ year, month }: Month): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function parseMonthKey(text: string | null): Month | undefined {
  const match = text ? /^(\d{4})-(\d{2})$/.exec(text) : null;
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : undefined;
}

/**
 * The weeks shown for a month, Monday first: from the Monday on or before the 1st to the Sunday
 * on or after the last day. Each week holds seven dates.
 */
export function monthWeeks(month: Month): string[][] {
  const first = firstOfMonth(month);
  const last = lastOfMonth(month);
  let day = addDays(first, -weekdayMondayFirst(first));
  const end = addDays(last, 6 - weekdayMondayFirst(last));
  const weeks: string[][] = [];
  while (day <= end) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Whole days from a to b (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((isoToUtc(b).getTime() - isoToUtc(a).getTime()) / 86_400_000);
}
