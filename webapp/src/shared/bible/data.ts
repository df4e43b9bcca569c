// The book table, imported at build time from modules/bible/data (the single source of truth the
// Go kernel embeds as well), with the indexes derived from it.
import booksJson from '@bible-data/books.json';
import { toUpper, trimSpace } from './text';

export const BOOK_COUNT = 66;
export const TOTAL_CHAPTERS = 1189;
export const TOTAL_VERSES = 31102;
export const OLD_TESTAMENT_VERSES = 23145;
export const NEW_TESTAMENT_VERSES = 7957;

/** One of the 66 books, read-only. */
export interface Book {
  /** Position in Bible order, 1 (Genesis) to 66 (Revelation). */
  readonly id: number;
  /** USFM code, e.g. "GEN", "1CO". */
  readonly usfm: string;
  /** Blue Letter Bible book code used in its URLs, e.g. "Gen", "1Co". */
  readonly blb: string;
  /** Position within its testament: 1-39 or 1-27. */
  readonly testamentOrder: number;
  /** True for Matthew to Revelation. */
  readonly newTestament: boolean;
  readonly chapterCount: number;
  /** Verse count of each chapter; element 0 is chapter 1. */
  readonly verses: readonly number[];
  /** Verses in the book. */
  readonly totalVerses: number;
}

interface BookJson {
  id: number;
  usfm: string;
  blb: string;
  testamentOrder: number;
  newTestament: boolean;
  chapterCount: number;
  verses: number[];
}

const bookList: Book[] = [];
const byUsfm = new Map<string, number>();
/** Dense index of each book's first verse; [0] unused, [67] = TOTAL_VERSES. */
export const bookFirstIndex: number[] = [0];
/** chapterStart[book][chapter] = dense index of the chapter's first verse ([book][0] unused). */
export const chapterStart: number[][] = [[]];
/** All 1,189 chapters in Bible order: dense index of verse 1, book and chapter number. */
export const chapterFirst: number[] = [];
export const chapterBook: number[] = [];
export const chapterNumber: number[] = [];

{
  let index = 0;
  for (const b of booksJson as BookJson[]) {
    const starts = [0];
    b.verses.forEach((n, i) => {
      starts.push(index);
      chapterFirst.push(index);
      chapterBook.push(b.id);
      chapterNumber.push(i + 1);
      index += n;
    });
    bookFirstIndex.push(starts[1]!);
    chapterStart.push(starts);
    const verses = Object.freeze([...b.verses]);
    const totalVerses = index - starts[1]!;
    bookList.push(
      Object.freeze({
        id: b.id,
        usfm: b.usfm,
        blb: b.blb,
        testamentOrder: b.testamentOrder,
        newTestament: b.newTestament,
        chapterCount: b.chapterCount,
        verses,
        totalVerses,
      }),
    );
    byUsfm.set(b.usfm, b.id);
  }
  bookFirstIndex.push(index);
}

/** The 66 books in Bible order. */
export function books(): readonly Book[] {
  return bookList;
}

/** The book with the given Bible order (1-66). */
export function bookById(id: number): Book | undefined {
  return Number.isInteger(id) ? bookList[id - 1] : undefined;
}

/** The book with the given USFM code, case-insensitively. */
export function bookByUsfm(code: string): Book | undefined {
  const id = byUsfm.get(toUpper(trimSpace(code)));
  return id === undefined ? undefined : bookList[id - 1];
}

/** The number of verses in a chapter, or 0 when the book or chapter does not exist. */
export function versesInChapter(book: number, chapter: number): number {
  return bookById(book)?.verses[chapter - 1] ?? 0;
}
