// Verse ids: 100000000 + book * 1000000 + chapter * 1000 + verse, so numeric order is Bible order.
import { chapterBook, chapterFirst, chapterNumber, chapterStart, TOTAL_VERSES, versesInChapter } from './data';

export type VerseId = number;

/** Genesis 1:1. */
export const FIRST_VERSE_ID: VerseId = 101001001;
/** Revelation 22:21. */
export const LAST_VERSE_ID: VerseId = 166022021;

const BASE = 100000000;
const PER_BOOK = 1000000;
const PER_CHAPTER = 1000;

/**
 * Encodes a book, chapter and verse without checking that the verse exists (see verseExists);
 * out-of-range parts below 1000 give an id that does not exist rather than another verse's.
 */
export function newVerseId(book: number, chapter: number, verse: number): VerseId {
  return BASE + book * PER_BOOK + chapter * PER_CHAPTER + verse;
}

export function verseIdBook(v: VerseId): number {
  return Math.trunc((v - BASE) / PER_BOOK);
}

export function verseIdChapter(v: VerseId): number {
  return Math.trunc((v % PER_BOOK) / PER_CHAPTER);
}

export function verseIdVerse(v: VerseId): number {
  return v % PER_CHAPTER;
}

export interface VerseParts {
  book: number;
  chapter: number;
  verse: number;
}

/** Decodes an id into book, chapter and verse. */
export function verseIdParts(v: VerseId): VerseParts {
  return { book: verseIdBook(v), chapter: verseIdChapter(v), verse: verseIdVerse(v) };
}

/**
 * The verse's position in Bible order, 0 (Genesis 1:1) to 31101 (Revelation 22:21), or undefined
 * when the id does not name a real verse.
 */
export function verseIndex(v: VerseId): number | undefined {
  if (!Number.isInteger(v) || v < FIRST_VERSE_ID || v > LAST_VERSE_ID) return undefined;
  const book = verseIdBook(v);
  const chapter = verseIdChapter(v);
  const verse = verseIdVerse(v);
  if (verse < 1 || verse > versesInChapter(book, chapter)) return undefined;
  return chapterStart[book]![chapter]! + verse - 1;
}

/** Whether the id names a real verse (no chapter 0, no verse 0, no Psalm 119:177). */
export function verseExists(v: VerseId): boolean {
  return verseIndex(v) !== undefined;
}

/** The verse at a dense index (see verseIndex). */
export function verseAt(index: number): VerseId | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= TOTAL_VERSES) return undefined;
  // The last chapter whose first verse is at or before index.
  let lo = 0;
  let hi = chapterFirst.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (chapterFirst[mid]! > index) hi = mid;
    else lo = mid + 1;
  }
  const c = lo - 1;
  return newVerseId(chapterBook[c]!, chapterNumber[c]!, index - chapterFirst[c]! + 1);
}

/** The verse after v, across chapters and books; undefined after Revelation 22:21 or for no verse. */
export function nextVerse(v: VerseId): VerseId | undefined {
  const i = verseIndex(v);
  return i === undefined ? undefined : verseAt(i + 1);
}

/** The verse before v, across chapters and books; undefined before Genesis 1:1 or for no verse. */
export function prevVerse(v: VerseId): VerseId | undefined {
  const i = verseIndex(v);
  return i === undefined ? undefined : verseAt(i - 1);
}
