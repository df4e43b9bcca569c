// The server's count rules (modules/readmodels/internal/versecounts and progress) in the browser, for
// answering while offline or while changes wait to be sent. Loaded on demand only: it carries the
// Bible kernel. modules/readmodels/testdata/counts.json holds the cases both must agree on.
import { rangeCount, VerseSet, type Progress, type VerseRange } from '@/shared/bible';

/** What the count rules read of an entry. */
export interface CountedEntry {
  date: string;
  startVerseId: number;
  endVerseId: number;
}

/** One date's counts: distinct verses, and those not read on an earlier date since lookBackDate. */
export interface DayCount {
  total: number;
  unique: number;
}

/** The ranges that exist, merged into disjoint runs in Bible order. */
function merge(ranges: VerseRange[]): VerseRange[] {
  const sorted = ranges.filter((r) => rangeCount(r) > 0).sort((a, b) => a.startVerseId - b.startVerseId);
  const out: VerseRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.startVerseId <= last.endVerseId) last.endVerseId = Math.max(last.endVerseId, r.endVerseId);
    else out.push({ ...r });
  }
  return out;
}

/**
 * The counts of every date with entries (versecounts.Compute). A date before lookBackDate counts
 * its total but no unique verses, and its verses do not make later ones less new.
 */
export function dateVerseCounts(entries: readonly CountedEntry[], lookBackDate: string): Map<string, DayCount> {
  const byDate = [...entries].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const seen = new VerseSet();
  const out = new Map<string, DayCount>();
  for (let i = 0; i < byDate.length; ) {
    const date = byDate[i]!.date;
    const day: VerseRange[] = [];
    for (; i < byDate.length && byDate[i]!.date === date; i++) day.push({ startVerseId: byDate[i]!.startVerseId, endVerseId: byDate[i]!.endVerseId });
    const runs = merge(day);
    const counts = lookBackDate === '' || date >= lookBackDate;
    const result: DayCount = { total: 0, unique: 0 };
    for (const r of runs) {
      const n = rangeCount(r);
      result.total += n;
      if (counts) result.unique += n - seen.countRange(r);
    }
    if (counts) for (const r of runs) seen.add(r);
    out.set(date, result);
  }
  return out;
}

/** The answer of GET /insights/date-verse-counts?from=&to=: dates from..to with entries, in order. */
export function dateVerseCountsBetween(entries: readonly CountedEntry[], lookBackDate: string, from: string, to: string): Record<string, DayCount> {
  const out: Record<string, DayCount> = {};
  for (const [date, count] of dateVerseCounts(entries, lookBackDate)) {
    if ((from === '' || date >= from) && (to === '' || date <= to)) out[date] = count;
  }
  return out;
}

/** The verses read since lookBackDate ('' for the whole log), as progress counts them (progress.Read). */
export function readSet(entries: readonly CountedEntry[], lookBackDate: string): VerseSet {
  const set = new VerseSet();
  for (const e of entries) if (lookBackDate === '' || e.date >= lookBackDate) set.add({ startVerseId: e.startVerseId, endVerseId: e.endVerseId });
  return set;
}

function summary(p: Progress) {
  return {
    versesRead: p.versesRead,
    totalVerses: p.totalVerses,
    percentage: p.percentage,
    chaptersRead: p.chaptersRead,
    chapterCount: p.totalChapters,
    complete: p.complete,
  };
}

/** The answer of GET /progress (progress.NewOverview). */
export function progressOverview(set: VerseSet) {
  const report = set.report();
  return {
    bible: summary(report.bible),
    oldTestament: summary(report.oldTestament),
    newTestament: summary(report.newTestament),
    books: report.books.map((b) => ({ book: b.book, ...summary(b.progress), segments: set.bookSegments(b.book) })),
  };
}

/** The answer of GET /progress/books/{book} (progress.NewBookDetail); undefined for no such book. */
export function bookDetail(set: VerseSet, book: number) {
  const progress = set.bookProgress(book);
  if (!progress) return undefined;
  return {
    book,
    ...summary(progress),
    segments: set.bookSegments(book),
    chapters: Array.from({ length: progress.totalChapters }, (_, i) => {
      const c = set.chapterProgress(book, i + 1)!;
      return {
        chapter: i + 1,
        versesRead: c.versesRead,
        totalVerses: c.totalVerses,
        percentage: c.percentage,
        complete: c.complete,
        segments: set.chapterSegments(book, i + 1),
      };
    }),
  };
}
