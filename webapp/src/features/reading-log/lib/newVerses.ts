import { VerseSet, rangeCount, rangesOverlap } from '@/shared/bible';
import type { LogEntry } from '@/shared/reader';

/** Entries in the order they were logged (by creation, then id). */
export function inLoggedOrder(entries: readonly LogEntry[]): LogEntry[] {
  return [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * How many verses of each entry dated `date` are new that day: not read on an earlier day on or
 * after lookBackDate, and not already counted for an earlier entry of the same day. The values
 * add up to the day's unique count. Before lookBackDate nothing counts as new.
 */
export function newVersesByEntry(entries: readonly LogEntry[], date: string, lookBackDate: string | undefined): Map<string, number> {
  const result = new Map<string, number>();
  const ofDay = inLoggedOrder(entries.filter((entry) => entry.date === date));
  if (lookBackDate !== undefined && date < lookBackDate) {
    for (const entry of ofDay) result.set(entry.id, 0);
    return result;
  }
  // Only earlier entries that share a verse with the day's can change its counts; a ten-year log
  // holds thousands of others, and a set of them all costs tens of ms on a first /today visit.
  const seen = new VerseSet(
    entries.filter(
      (entry) =>
        entry.date < date &&
        (lookBackDate === undefined || entry.date >= lookBackDate) &&
        ofDay.some((day) => rangesOverlap(day, entry)),
    ),
  );
  for (const entry of ofDay) {
    result.set(entry.id, rangeCount(entry) - seen.countRange(entry));
    seen.add(entry);
  }
  return result;
}
