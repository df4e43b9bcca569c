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

export type BookSort = 'order' | 'name' | 'recent' | 'leastRecent' | 'most';
export const BOOK_SORTS: readonly BookSort[] = ['order', 'name', 'recent', 'leastRecent', 'most'];

export type BookScope = 'bible' | 'ot' | 'nt';
export const BOOK_SCOPES: readonly BookScope[] = ['bible', 'ot', 'nt'];

/** Whether a book (1-66) is in the scope: the Old Testament is books 1-39. */
export function inScope(book: number, scope: BookScope): boolean {
  return scope === 'bible' || (scope === 'ot' ? book <= 39 : book >= 40);
}

/**
 * Sorts book rows: Bible order, by name (in the reader's language), most recently read first, least
 * recently read first (never-read books before all others: the ones furthest back), or most read.
 */
export function sortBooks<T extends { book: number; lastRead: string | null; percentage: number }>(
  rows: T[],
  by: BookSort,
  nameOf: (book: number) => string = String,
  collator: Intl.Collator = new Intl.Collator(),
): T[] {
  return [...rows].sort((a, b) => {
    if (by === 'recent' || by === 'leastRecent') {
      if (a.lastRead === b.lastRead) return a.book - b.book;
      const never = by === 'recent' ? 1 : -1;
      if (a.lastRead === null) return never;
      if (b.lastRead === null) return -never;
      return (by === 'recent' ? -1 : 1) * a.lastRead.localeCompare(b.lastRead);
    }
    if (by === 'name') return collator.compare(nameOf(a.book), nameOf(b.book)) || a.book - b.book;
    if (by === 'most') return b.percentage - a.percentage || a.book - b.book;
    return a.book - b.book;
  });
}
