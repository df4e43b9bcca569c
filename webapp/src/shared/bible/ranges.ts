// Ranges of verses, as stored on log entries and note passages.
import { bookById, versesInChapter } from './data';
import {
  BibleError,
  ERR_DIFFERENT_BOOKS,
  ERR_FIRST_AFTER_FINAL,
  ERR_NO_SUCH_VERSE,
  ERR_START_AFTER_END,
} from './errors';
import { newVerseId, verseExists, verseIdBook, verseIdParts, verseIndex, type VerseId } from './verseId';

/** An inclusive span of verses; a valid range lies within one book (see validateRange). */
export interface VerseRange {
  startVerseId: VerseId;
  endVerseId: VerseId;
}

/**
 * Why the range is not a valid reading range, or null: an end that does not exist
 * (ERR_NO_SUCH_VERSE), a start after the end (ERR_START_AFTER_END) or ends in different books
 * (ERR_DIFFERENT_BOOKS). A range of one verse is valid.
 */
export function validateRange(r: VerseRange): BibleError | null {
  if (!verseExists(r.startVerseId)) {
    return new BibleError(ERR_NO_SUCH_VERSE, `startVerseId ${r.startVerseId}: ${ERR_NO_SUCH_VERSE}`);
  }
  if (!verseExists(r.endVerseId)) {
    return new BibleError(ERR_NO_SUCH_VERSE, `endVerseId ${r.endVerseId}: ${ERR_NO_SUCH_VERSE}`);
  }
  if (r.startVerseId > r.endVerseId) return new BibleError(ERR_START_AFTER_END);
  if (verseIdBook(r.startVerseId) !== verseIdBook(r.endVerseId)) return new BibleError(ERR_DIFFERENT_BOOKS);
  return null;
}

/**
 * Checks a span from first to final verse, which unlike a range may cross books: both ends must
 * exist (ERR_NO_SUCH_VERSE) and first must not come after final (ERR_FIRST_AFTER_FINAL).
 */
export function validateSpan(first: VerseId, final: VerseId): BibleError | null {
  if (!verseExists(first)) return new BibleError(ERR_NO_SUCH_VERSE, `firstVerseId ${first}: ${ERR_NO_SUCH_VERSE}`);
  if (!verseExists(final)) return new BibleError(ERR_NO_SUCH_VERSE, `finalVerseId ${final}: ${ERR_NO_SUCH_VERSE}`);
  if (first > final) return new BibleError(ERR_FIRST_AFTER_FINAL);
  return null;
}

/**
 * Dense indexes of both ends when both exist and the start does not come after the end. Counting
 * and set operations accept such ranges even across books; only validateRange insists on one book.
 */
export function rangeIndexes(r: VerseRange): [lo: number, hi: number] | undefined {
  const lo = verseIndex(r.startVerseId);
  const hi = verseIndex(r.endVerseId);
  return lo === undefined || hi === undefined || lo > hi ? undefined : [lo, hi];
}

/** The number of verses in the range, across chapters and books; 0 for missing or reversed ends. */
export function rangeCount(r: VerseRange): number {
  const ix = rangeIndexes(r);
  return ix ? ix[1] - ix[0] + 1 : 0;
}

/** Whether the verse lies within the range. */
export function rangeContains(r: VerseRange, v: VerseId): boolean {
  return r.startVerseId <= v && v <= r.endVerseId;
}

/** Whether the two ranges share at least one verse. */
export function rangesOverlap(a: VerseRange, b: VerseRange): boolean {
  return a.startVerseId <= b.endVerseId && b.startVerseId <= a.endVerseId;
}

/** Splits a valid range at chapter boundaries; empty for an invalid range. */
export function rangeChapters(r: VerseRange): VerseRange[] {
  if (validateRange(r)) return [];
  const start = verseIdParts(r.startVerseId);
  const end = verseIdParts(r.endVerseId);
  const out: VerseRange[] = [];
  for (let c = start.chapter; c <= end.chapter; c++) {
    const from = c === start.chapter ? start.verse : 1;
    const to = c === end.chapter ? end.verse : versesInChapter(start.book, c);
    out.push({ startVerseId: newVerseId(start.book, c, from), endVerseId: newVerseId(start.book, c, to) });
  }
  return out;
}

/** The range covering a whole book. */
export function wholeBook(book: number): VerseRange | undefined {
  const b = bookById(book);
  if (!b) return undefined;
  return { startVerseId: newVerseId(b.id, 1, 1), endVerseId: newVerseId(b.id, b.chapterCount, b.verses[b.chapterCount - 1]!) };
}

/** The range covering one chapter. */
export function wholeChapter(book: number, chapter: number): VerseRange | undefined {
  return wholeChapters(book, chapter, chapter);
}

/** The range from the first verse of chapter `from` to the last verse of chapter `to`. */
export function wholeChapters(book: number, from: number, to: number): VerseRange | undefined {
  const n = versesInChapter(book, to);
  if (versesInChapter(book, from) === 0 || n === 0 || from > to) return undefined;
  return { startVerseId: newVerseId(book, from, 1), endVerseId: newVerseId(book, to, n) };
}
