import { rangesOverlap, type VerseRange } from '@/shared/bible';
import type { LogEntry } from '@/shared/reader';

/** The log's entries on a chapter: those overlapping it, those lying within it, and the latest one. */
export function chapterEntries(entries: readonly LogEntry[], chapter: VerseRange) {
  const overlapping = entries.filter((entry) => rangesOverlap(entry, chapter));
  const within = overlapping.filter((entry) => entry.startVerseId >= chapter.startVerseId && entry.endVerseId <= chapter.endVerseId);
  const latest = overlapping.reduce<LogEntry | undefined>(
    (last, entry) => (!last || entry.date > last.date || (entry.date === last.date && entry.createdAt >= last.createdAt) ? entry : last),
    undefined,
  );
  return { overlapping, within, latest };
}
