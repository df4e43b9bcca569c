// The server's count rules (modules/readmodels/internal/versecounts and progress) in the browser, for
// answering while offline or while changes wait to be sent. Loaded on demand only: it carries the
// Bible kernel. modules/readmodels/testdata/counts.json holds the cases both must agree on.
import { VerseSet, type Progress } from '@/shared/bible';
import { countDay, countsAsNew } from './newVerses';

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

/**
 * The counts of every date with entries (versecounts.Compute), each by the one rule in
 * newVerses.ts. A date before lookBackDate counts its total but no unique verses, and its verses
 * do not make later ones less new.
 */
export function dateVerseCounts(entries: readonly CountedEntry[], lookBackDate: string): Map<string, DayCount> {
  const byDate = [...entries].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const seen = new VerseSet();
  const out = new Map<string, DayCount>();
  for (let i = 0; i < byDate.length; ) {
    const date = byDate[i]!.date;
    const day: CountedEntry[] = [];
    for (; i < byDate.length && byDate[i]!.date === date; i++) day.push(byDate[i]!);
    const { total, unique } = countDay(day, countsAsNew(date, lookBackDate), seen);
    out.set(date, { total, unique });
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
  for (const e of entries) if (countsAsNew(e.date, lookBackDate)) set.add({ startVerseId: e.startVerseId, endVerseId: e.endVerseId });
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
