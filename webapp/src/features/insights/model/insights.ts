// Pure helpers behind the insights charts; the server computes the numbers, these only lay them out.

/** Adds n days to a YYYY-MM-DD date. */
export function addDays(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

export interface HeatDay {
  date: string;
  verses: number;
  level: number;
  /** Column (week) and row (0 = Monday). */
  week: number;
  weekday: number;
}

export interface HeatWeeks {
  days: HeatDay[];
  weeks: number;
  /** Columns where a month starts, with that month's first date. */
  months: { week: number; date: string }[];
}

/**
 * Lays out days from `start` (a Monday) as weeks, columns from `fromWeek` up to (not including)
 * `toWeek`: a year on wide screens, two stacked half-years on phones.
 */
export function heatWeeks(start: string, verses: number[], levels: number[], fromWeek = 0, toWeek = Infinity): HeatWeeks {
  const days: HeatDay[] = [];
  const months: { week: number; date: string }[] = [];
  for (let i = fromWeek * 7; i < verses.length && i < toWeek * 7; i++) {
    const date = addDays(start, i);
    const week = Math.floor(i / 7) - fromWeek;
    days.push({ date, verses: verses[i] ?? 0, level: levels[i] ?? 0, week, weekday: i % 7 });
    if (date.endsWith('-01')) months.push({ week, date });
  }
  // The first column names its month when the next label is far enough not to collide.
  if (days.length && (months[0]?.week ?? Infinity) >= 3) months.unshift({ week: 0, date: days[0]!.date });
  const weeks = days.length ? days[days.length - 1]!.week + 1 : 0;
  return { days, weeks, months };
}

/** Colour level of a chapter read `count` times (0 unread, 1 partly read, 2-5 read 1, 2, 3-4, 5+ times). */
export function chapterLevel(count: number, partly: boolean): number {
  if (count <= 0) return partly ? 1 : 0;
  if (count === 1) return 2;
  if (count === 2) return 3;
  if (count <= 4) return 4;
  return 5;
}

export interface TrendPoint {
  /** First date of the point (a day, or a week for long spans). */
  date: string;
  /** Verses per day over the point. */
  value: number;
}

/** The last `days` days as points: daily up to 31 days, weekly averages beyond. */
export function trendSeries(start: string, verses: number[], days: number): TrendPoint[] {
  const from = Math.max(0, verses.length - days);
  const step = days > 31 ? 7 : 1;
  const out: TrendPoint[] = [];
  for (let i = from; i < verses.length; i += step) {
    const slice = verses.slice(i, Math.min(i + step, verses.length));
    const sum = slice.reduce((a, b) => a + b, 0);
    out.push({ date: addDays(start, i), value: Math.round((sum / slice.length) * 10) / 10 });
  }
  return out;
}

export type BookSort = 'order' | 'lastRead' | 'read';

/** Sorts book rows; never-read books go last when sorting by date. */
export function sortBooks<T extends { book: number; lastRead: string | null; percentage: number }>(rows: T[], by: BookSort, descending: boolean): T[] {
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (by === 'lastRead') {
      if (a.lastRead === b.lastRead) return a.book - b.book;
      if (a.lastRead === null) return 1;
      if (b.lastRead === null) return -1;
      return sign * a.lastRead.localeCompare(b.lastRead);
    }
    if (by === 'read') return sign * (a.percentage - b.percentage) || a.book - b.book;
    return sign * (a.book - b.book);
  });
}
