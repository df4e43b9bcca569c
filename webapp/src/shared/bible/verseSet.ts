// A set of verses as one bit per verse of the Bible (31,102 bits in 972 words), with the reading
// segments and progress computed from it.
import {
  BOOK_COUNT,
  bookFirstIndex,
  books,
  chapterBook,
  chapterNumber,
  chapterStart,
  TOTAL_VERSES,
  versesInChapter,
} from './data';
import { rangeIndexes, validateSpan, wholeBook, wholeChapter, type VerseRange } from './ranges';
import { verseAt, verseIndex, type VerseId } from './verseId';

const WORDS = Math.ceil(TOTAL_VERSES / 32);

function popCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function trailingZeros(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** The mask of bits lo..hi of word w (lo and hi are dense indexes, w lies between their words). */
function mask(w: number, lo: number, hi: number): number {
  let m = -1;
  if (w === lo >>> 5) m &= -1 << (lo & 31);
  if (w === hi >>> 5) m &= -1 >>> (31 - (hi & 31));
  return m;
}

/** The dense index of the last verse of the book holding dense index i. */
function bookEndIndex(i: number): number {
  let lo = 1;
  let hi = BOOK_COUNT + 1;
  // The first book starting after i.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bookFirstIndex[mid]! > i) hi = mid;
    else lo = mid + 1;
  }
  return bookFirstIndex[lo]! - 1;
}

/** One run of read or unread verses within a span; progress bars are drawn from these. */
export interface Segment {
  startVerseId: VerseId;
  endVerseId: VerseId;
  read: boolean;
  verseCount: number;
}

/** How much of a span (chapter, book, testament, Bible) has been read. */
export interface Progress {
  versesRead: number;
  totalVerses: number;
  /** floor(versesRead * 100 / totalVerses): 99 until the very last verse is read. */
  percentage: number;
  /** True only when every verse is read. */
  complete: boolean;
  /** Chapters read completely. */
  chaptersRead: number;
  totalChapters: number;
}

/** The progress of one book and of each of its chapters (element 0 is chapter 1). */
export interface BookReport {
  book: number;
  progress: Progress;
  chapters: Progress[];
}

/** Reading progress of the whole Bible at every level; books[0] is Genesis. */
export interface Report {
  bible: Progress;
  oldTestament: Progress;
  newTestament: Progress;
  books: BookReport[];
}

function emptyProgress(): Progress {
  return { versesRead: 0, totalVerses: 0, percentage: 0, complete: false, chaptersRead: 0, totalChapters: 0 };
}

/** Folds one chapter's counts into p. */
function addChapter(p: Progress, read: number, total: number): void {
  p.versesRead += read;
  p.totalVerses += total;
  p.totalChapters++;
  if (read === total) p.chaptersRead++;
}

/** Derives percentage and complete from the counts (integer arithmetic, never read / total * 100). */
function finish(p: Progress): Progress {
  p.percentage = p.totalVerses > 0 ? Math.floor((p.versesRead * 100) / p.totalVerses) : 0;
  p.complete = p.totalVerses > 0 && p.versesRead === p.totalVerses;
  return p;
}

export class VerseSet {
  readonly #w = new Uint32Array(WORDS);

  /** A set holding the verses of the given ranges (see add). */
  constructor(ranges: Iterable<VerseRange> = []) {
    for (const r of ranges) this.add(r);
  }

  /**
   * Adds every verse of the range. A range whose ends do not exist or are reversed adds nothing
   * and returns false; a range crossing books is accepted.
   */
  add(r: VerseRange): boolean {
    const ix = rangeIndexes(r);
    if (!ix) return false;
    const [lo, hi] = ix;
    for (let w = lo >>> 5; w <= hi >>> 5; w++) this.#w[w]! |= mask(w, lo, hi);
    return true;
  }

  /** Adds one verse, returning false when it does not exist. */
  addVerse(v: VerseId): boolean {
    return this.add({ startVerseId: v, endVerseId: v });
  }

  /** Adds every verse of o. */
  addSet(o: VerseSet): void {
    for (let i = 0; i < WORDS; i++) this.#w[i]! |= o.#w[i]!;
  }

  has(v: VerseId): boolean {
    const i = verseIndex(v);
    return i !== undefined && this.#bit(i);
  }

  /** The number of verses in the set. */
  count(): number {
    let n = 0;
    for (let i = 0; i < WORDS; i++) n += popCount(this.#w[i]!);
    return n;
  }

  /** The number of verses in this set that are not in o. */
  countNotIn(o: VerseSet): number {
    let n = 0;
    for (let i = 0; i < WORDS; i++) n += popCount(this.#w[i]! & ~o.#w[i]!);
    return n;
  }

  /** How many verses of the range are in the set (0 for missing or reversed ends). */
  countRange(r: VerseRange): number {
    const ix = rangeIndexes(r);
    return ix ? this.#countBits(ix[0], ix[1]) : 0;
  }

  countInBook(book: number): number {
    const r = wholeBook(book);
    return r ? this.countRange(r) : 0;
  }

  countInChapter(book: number, chapter: number): number {
    const r = wholeChapter(book, chapter);
    return r ? this.countRange(r) : 0;
  }

  /** The maximal runs of consecutive verses in Bible order; runs cross chapters, never books. */
  *runs(): Generator<VerseRange, void, undefined> {
    for (let i = this.#next(0, true, TOTAL_VERSES); i < TOTAL_VERSES; i = this.#next(i, true, TOTAL_VERSES)) {
      const end = this.#next(i, false, bookEndIndex(i) + 1);
      yield { startVerseId: verseAt(i)!, endVerseId: verseAt(end - 1)! };
      i = end;
    }
  }

  /** The smallest list of ranges covering exactly the set's verses (see runs). */
  ranges(): VerseRange[] {
    return [...this.runs()];
  }

  /**
   * Segments covering the span from first to final exactly, in Bible order. Within a book, read
   * and unread segments alternate; a segment never crosses a book boundary. Throws a BibleError
   * when the span is invalid (see validateSpan).
   */
  segments(first: VerseId, final: VerseId): Segment[] {
    const err = validateSpan(first, final);
    if (err) throw err;
    let lo = verseIndex(first)!;
    const hi = verseIndex(final)!;
    const out: Segment[] = [];
    while (lo <= hi) {
      const end = Math.min(hi, bookEndIndex(lo));
      for (let i = lo; i <= end; ) {
        const read = this.#bit(i);
        const j = this.#next(i, !read, end + 1);
        out.push({ startVerseId: verseAt(i)!, endVerseId: verseAt(j - 1)!, read, verseCount: j - i });
        i = j;
      }
      lo = end + 1;
    }
    return out;
  }

  /** The segments of one chapter; empty when the chapter does not exist. */
  chapterSegments(book: number, chapter: number): Segment[] {
    const r = wholeChapter(book, chapter);
    return r ? this.segments(r.startVerseId, r.endVerseId) : [];
  }

  /** The segments of one book; empty when the book does not exist. */
  bookSegments(book: number): Segment[] {
    const r = wholeBook(book);
    return r ? this.segments(r.startVerseId, r.endVerseId) : [];
  }

  /** The segments of every book in Bible order: element 0 is Genesis, 65 Revelation. */
  bibleSegments(): Segment[][] {
    return books().map((b) => this.bookSegments(b.id));
  }

  /** Progress of the Bible, both testaments, every book and every chapter in one pass. */
  report(): Report {
    const rep: Report = {
      bible: emptyProgress(),
      oldTestament: emptyProgress(),
      newTestament: emptyProgress(),
      books: [],
    };
    for (const b of books()) {
      const br: BookReport = { book: b.id, progress: emptyProgress(), chapters: [] };
      for (let c = 1; c <= b.chapterCount; c++) {
        const [read, total] = this.#chapterCounts(b.id, c);
        const cp = emptyProgress();
        addChapter(cp, read, total);
        br.chapters.push(finish(cp));
        addChapter(br.progress, read, total);
      }
      for (const p of [rep.bible, b.newTestament ? rep.newTestament : rep.oldTestament]) {
        p.versesRead += br.progress.versesRead;
        p.totalVerses += br.progress.totalVerses;
        p.chaptersRead += br.progress.chaptersRead;
        p.totalChapters += br.progress.totalChapters;
      }
      finish(br.progress);
      rep.books.push(br);
    }
    finish(rep.bible);
    finish(rep.oldTestament);
    finish(rep.newTestament);
    return rep;
  }

  /** Progress over the whole Bible. */
  bibleProgress(): Progress {
    const p = emptyProgress();
    for (let c = 0; c < chapterBook.length; c++) addChapter(p, ...this.#chapterCounts(chapterBook[c]!, chapterNumber[c]!));
    return finish(p);
  }

  /** Progress over the Old (false) or New (true) Testament. */
  testamentProgress(newTestament: boolean): Progress {
    const p = emptyProgress();
    for (const b of books()) {
      if (b.newTestament !== newTestament) continue;
      for (let c = 1; c <= b.chapterCount; c++) addChapter(p, ...this.#chapterCounts(b.id, c));
    }
    return finish(p);
  }

  /** Progress over one book; undefined when it does not exist. */
  bookProgress(book: number): Progress | undefined {
    const b = books()[book - 1];
    if (!b || !Number.isInteger(book)) return undefined;
    const p = emptyProgress();
    for (let c = 1; c <= b.chapterCount; c++) addChapter(p, ...this.#chapterCounts(book, c));
    return finish(p);
  }

  /** Progress over one chapter (chaptersRead is 1 when complete); undefined when it does not exist. */
  chapterProgress(book: number, chapter: number): Progress | undefined {
    if (versesInChapter(book, chapter) === 0) return undefined;
    const p = emptyProgress();
    addChapter(p, ...this.#chapterCounts(book, chapter));
    return finish(p);
  }

  #bit(i: number): boolean {
    return (this.#w[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  /** Counts set bits lo..hi inclusive. */
  #countBits(lo: number, hi: number): number {
    let n = 0;
    for (let w = lo >>> 5; w <= hi >>> 5; w++) n += popCount(this.#w[w]! & mask(w, lo, hi));
    return n;
  }

  /** The first index in [i, limit) whose bit equals val, or limit. */
  #next(i: number, val: boolean, limit: number): number {
    while (i < limit) {
      let w = this.#w[i >>> 5]!;
      if (!val) w = ~w;
      w &= -1 << (i & 31);
      if (w !== 0) return Math.min((i & ~31) + trailingZeros(w), limit);
      i = (i & ~31) + 32;
    }
    return limit;
  }

  /** Verses read and verses in a chapter known to exist. */
  #chapterCounts(book: number, chapter: number): [read: number, total: number] {
    const lo = chapterStart[book]![chapter]!;
    const total = versesInChapter(book, chapter);
    return [this.#countBits(lo, lo + total - 1), total];
  }
}

/**
 * Merges overlapping and adjacent ranges within each book, in Bible order: Genesis 1 and Genesis 2
 * become Genesis 1-2. Never merges across books; drops ranges with missing or reversed ends.
 */
export function consolidate(ranges: Iterable<VerseRange>): VerseRange[] {
  return new VerseSet(ranges).ranges();
}

/** The number of distinct verses the ranges cover; ranges with missing or reversed ends are ignored. */
export function uniqueCount(ranges: Iterable<VerseRange>): number {
  return new VerseSet(ranges).count();
}
