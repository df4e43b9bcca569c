// The reading history (/log): the whole cached log filtered, sorted and cut into pages that
// never split a day. Everything is computed in the browser from the log the app already holds,
// so it works the same offline and stays fast for a ten-year log (one pass over the entries).
import { rangesOverlap, type VerseRange } from '@/shared/bible';
import type { LogEntry } from '@/shared/reader';

export const PAGE_SIZES = [10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export type HistoryOrder = 'newest' | 'oldest';

export interface HistoryFilter {
  /** First date shown (YYYY-MM-DD), inclusive. */
  from?: string;
  /** Last date shown, inclusive. */
  to?: string;
  /** Only entries sharing at least one verse with this passage. */
  passage?: VerseRange;
}

export interface DayGroup {
  date: string;
  entries: LogEntry[];
}

export interface HistoryPage {
  days: DayGroup[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  /** Entries matching the filter. */
  total: number;
  /** 1-based positions of the page's first and last entries among `total` (0 and 0 when empty). */
  first: number;
  last: number;
}

/** The entries matching the filter, in the log's order (by date, then passage). */
export function filterEntries(entries: readonly LogEntry[], { from, to, passage }: HistoryFilter): LogEntry[] {
  return entries.filter(
    (entry) =>
      (from === undefined || entry.date >= from) &&
      (to === undefined || entry.date <= to) &&
      (passage === undefined || rangesOverlap(entry, passage)),
  );
}

/** Consecutive entries of the same date, in the order given. */
export function groupByDay(entries: readonly LogEntry[]): DayGroup[] {
  const days: DayGroup[] = [];
  for (const entry of entries) {
    const last = days.at(-1);
    if (last && last.date === entry.date) last.entries.push(entry);
    else days.push({ date: entry.date, entries: [entry] });
  }
  return days;
}

/**
 * Cuts days into pages of about `size` entries without splitting a day: a page takes whole days
 * while they fit, and a day larger than a page gets a page of its own. Returns the index of each
 * page's first day.
 */
export function pageStarts(days: readonly DayGroup[], size: number): number[] {
  const starts: number[] = [];
  let filled = 0;
  days.forEach((day, index) => {
    if (starts.length === 0 || filled + day.entries.length > size) {
      starts.push(index);
      filled = 0;
    }
    filled += day.entries.length;
  });
  return starts;
}

/**
 * One page of the history: `entries` in the log's order (oldest first, as the server sends them),
 * filtered, ordered by `order` (days newest or oldest first; within a day as logged), `size`
 * entries a page at most unless one day holds more.
 */
export function historyPage(
  entries: readonly LogEntry[],
  filter: HistoryFilter,
  order: HistoryOrder,
  size: number,
  page: number,
): HistoryPage {
  const matching = filterEntries(entries, filter);
  const days = groupByDay(matching);
  if (order === 'newest') days.reverse();
  const starts = pageStarts(days, size);
  const pageCount = starts.length;
  if (pageCount === 0) return { days: [], page: 1, pageCount: 0, total: 0, first: 0, last: 0 };
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const from = starts[current - 1]!;
  const to = starts[current] ?? days.length;
  let before = 0;
  for (let i = 0; i < from; i++) before += days[i]!.entries.length;
  const shown = days.slice(from, to);
  const count = shown.reduce((sum, day) => sum + day.entries.length, 0);
  return { days: shown, page: current, pageCount, total: matching.length, first: before + 1, last: before + count };
}
