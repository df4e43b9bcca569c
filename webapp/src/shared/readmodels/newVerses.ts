// The rule for new verses, once for the web (versecounts.Compute on the server): the offline
// counts (compute.ts), each entry's new verses and a suggestion's new verses all count with it.
// modules/readmodels/testdata/counts.json holds the cases browser and server must agree on.
import { rangeCount, rangesOverlap, VerseSet, type VerseRange } from '@/shared/bible';
import type { LogEntry } from '@/shared/reader';

/** A look-back date: '' or undefined counts the whole log. */
type LookBack = string | undefined;

/** Whether verses read on the date can be new, and make later ones less new: on or after lookBackDate. */
export function countsAsNew(date: string, lookBackDate: LookBack): boolean {
  return !lookBackDate || date >= lookBackDate;
}

/** One date's counts, and each of its entries' new verses in the order given. */
export interface DayVerses {
  /** Distinct verses among the date's entries. */
  total: number;
  /** Those not read on an earlier counted date: the sum of perEntry. */
  unique: number;
  perEntry: number[];
}

/**
 * Counts one date's ranges against `seen`, the verses read on earlier counted dates. An entry's
 * new verses are those neither in seen nor in an earlier entry of the same date, so the entries'
 * counts add up to the date's unique count whatever their order. A date that does not count as
 * new has no new verses and leaves seen as it is; otherwise seen gains the date's verses.
 */
export function countDay(ranges: readonly VerseRange[], counts: boolean, seen: VerseSet): DayVerses {
  const day: DayVerses = { total: 0, unique: 0, perEntry: [] };
  for (const r of merge(ranges)) day.total += rangeCount(r);
  for (const r of ranges) {
    const fresh = counts ? rangeCount(r) - seen.countRange(r) : 0;
    if (counts) seen.add(r);
    day.unique += fresh;
    day.perEntry.push(fresh);
  }
  return day;
}

/** The ranges that exist, merged into disjoint runs in Bible order: their counts add up to the distinct verses. */
function merge(ranges: readonly VerseRange[]): VerseRange[] {
  const sorted = ranges.filter((r) => rangeCount(r) > 0).sort((a, b) => a.startVerseId - b.startVerseId);
  const out: VerseRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.startVerseId <= last.endVerseId) last.endVerseId = Math.max(last.endVerseId, r.endVerseId);
    else out.push({ startVerseId: r.startVerseId, endVerseId: r.endVerseId });
  }
  return out;
}

/** Entries in the order they were logged (by creation, then id). */
export function inLoggedOrder(entries: readonly LogEntry[]): LogEntry[] {
  return [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * The verses read on counted dates before `date` that share a verse with one of `ranges`. Only
 * those can change the counts; a ten-year log holds thousands of others, and a set of them all
 * costs tens of ms on a first /today visit.
 */
function seenBefore(entries: readonly LogEntry[], date: string | undefined, lookBackDate: LookBack, ranges: readonly VerseRange[]): VerseSet {
  return new VerseSet(
    entries.filter(
      (entry) => (date === undefined || entry.date < date) && countsAsNew(entry.date, lookBackDate) && ranges.some((r) => rangesOverlap(r, entry)),
    ),
  );
}

/** How many verses of each entry dated `date` are new that day (countDay, entries in logged order). */
export function newVersesByEntry(entries: readonly LogEntry[], date: string, lookBackDate: LookBack): Map<string, number> {
  const ofDay = inLoggedOrder(entries.filter((entry) => entry.date === date));
  const counts = countsAsNew(date, lookBackDate);
  const { perEntry } = countDay(ofDay, counts, counts ? seenBefore(entries, date, lookBackDate, ofDay) : new VerseSet());
  return new Map(ofDay.map((entry, i) => [entry.id, perEntry[i]!]));
}

/** How many of a passage's verses would be new if it were logged now, after everything read since lookBackDate. */
export function newVersesOf(range: VerseRange, entries: readonly LogEntry[], lookBackDate: LookBack): number {
  return countDay([range], true, seenBefore(entries, undefined, lookBackDate, [range])).unique;
}
