// Server answers for page tests, computed with the Bible kernel the way the server computes them.
import { VerseSet, books, wholeBook, wholeChapter, type Progress, type VerseRange } from '@/shared/bible';
import type { BookDetail, ProgressOverview, ProgressSummary } from '@/shared/readmodels';

function summary(p: Progress): ProgressSummary {
  return {
    versesRead: p.versesRead,
    totalVerses: p.totalVerses,
    percentage: p.percentage,
    chaptersRead: p.chaptersRead,
    chapterCount: p.totalChapters,
    complete: p.complete,
  };
}

/** GET /api/progress for a reader who has read these ranges. */
export function progressOverview(read: VerseRange[]): ProgressOverview {
  const set = new VerseSet(read);
  const report = set.report();
  return {
    bible: summary(report.bible),
    oldTestament: summary(report.oldTestament),
    newTestament: summary(report.newTestament),
    books: books().map((b) => ({ book: b.id, ...summary(report.books[b.id - 1]!.progress), segments: set.bookSegments(b.id) })),
  };
}

/** GET /api/progress/books/{book} for a reader who has read these ranges. */
export function bookDetail(book: number, read: VerseRange[]): BookDetail {
  const set = new VerseSet(read);
  const report = set.report().books[book - 1]!;
  const r = wholeBook(book)!;
  return {
    book,
    ...summary(report.progress),
    segments: set.segments(r.startVerseId, r.endVerseId),
    chapters: report.chapters.map((c, i) => ({
      chapter: i + 1,
      versesRead: c.versesRead,
      totalVerses: c.totalVerses,
      percentage: c.percentage,
      complete: c.complete,
      segments: set.chapterSegments(book, i + 1),
    })),
  };
}

export const SETTINGS = {
  lookBackDate: '2026-01-01',
  dailyVerseCountGoal: 86,
  preferredBibleVersion: 'NASB2020',
  preferredBibleApp: '',
  locale: 'en',
  timeZone: 'UTC',
  restDaysPerWeek: 1,
};

export function chapter(book: number, c: number): VerseRange {
  return wholeChapter(book, c)!;
}
