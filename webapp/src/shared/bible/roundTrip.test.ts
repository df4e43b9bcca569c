// parse(format(r)) == r for thousands of random valid ranges in every locale.
import { describe, expect, it } from 'vitest';
import {
  bookById,
  format,
  formatList,
  locales,
  parse,
  parseList,
  TOTAL_VERSES,
  validateRange,
  verseAt,
  verseIdBook,
  verseIndex,
  wholeBook,
  wholeChapters,
  type VerseRange,
} from './index';

/** A small deterministic generator (mulberry32), so failures are reproducible. */
function random(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** A valid range of one of the shapes format knows: verses, chapters, whole books. */
function randomRange(rand: (n: number) => number): VerseRange {
  const start = verseAt(rand(TOTAL_VERSES))!;
  const book = bookById(verseIdBook(start))!;
  switch (rand(5)) {
    case 0:
      return wholeBook(book.id)!;
    case 1: {
      const from = 1 + rand(book.chapterCount);
      return wholeChapters(book.id, from, from + rand(Math.min(4, book.chapterCount - from + 1)))!;
    }
    case 2:
      return { startVerseId: start, endVerseId: start };
    default: {
      const last = verseIndex(wholeBook(book.id)!.endVerseId)!;
      const i = verseIndex(start)!;
      const end = verseAt(Math.min(last, i + rand([10, 60, 3000][rand(3)]!)))!;
      return { startVerseId: start, endVerseId: end };
    }
  }
}

describe('format and parse round trip', () => {
  const rand = random(20240601);
  const ranges = Array.from({ length: 3000 }, () => randomRange(rand));

  it('generates valid ranges', () => {
    expect(ranges.filter((r) => validateRange(r) !== null)).toEqual([]);
  });

  for (const locale of locales()) {
    it(`reads back every formatted range in ${locale}`, () => {
      const failures: string[] = [];
      for (const r of ranges) {
        const text = format(r, locale);
        let back: unknown;
        try {
          back = parse(text, locale);
        } catch (err) {
          back = String(err);
        }
        if (JSON.stringify(back) !== JSON.stringify(r)) failures.push(`${JSON.stringify(r)} -> ${text} -> ${JSON.stringify(back)}`);
      }
      expect(failures).toEqual([]);
      expect(parseList(formatList(ranges.slice(0, 500), locale), locale)).toEqual(ranges.slice(0, 500));
    });
  }
});

/** Every shape format knows, for every chapter: whole, first and last verse, parts, across the boundary. */
function everyChapterShape(): VerseRange[] {
  const out: VerseRange[] = [];
  for (let book = 1; book <= 66; book++) {
    const b = bookById(book)!;
    out.push(wholeBook(book)!);
    for (let c = 1; c <= b.chapterCount; c++) {
      const n = b.verses[c - 1]!;
      const id = (v: number, chapter = c) => 100000000 + book * 1000000 + chapter * 1000 + v;
      out.push(wholeChapters(book, c, c)!, { startVerseId: id(1), endVerseId: id(1) }, { startVerseId: id(n), endVerseId: id(n) });
      if (n > 1) out.push({ startVerseId: id(2), endVerseId: id(n) }, { startVerseId: id(1), endVerseId: id(n - 1) });
      if (c < b.chapterCount) {
        out.push(wholeChapters(book, c, c + 1)!, { startVerseId: id(n), endVerseId: id(1, c + 1) }, { startVerseId: id(1), endVerseId: id(1, c + 1) });
      }
    }
  }
  return out;
}

describe('format and parse round trip over every chapter', () => {
  const ranges = everyChapterShape();
  for (const locale of locales()) {
    it(`reads back every chapter shape in ${locale}`, () => {
      const failures = ranges.filter((r) => {
        try {
          return JSON.stringify(parse(format(r, locale), locale)) !== JSON.stringify(r);
        } catch {
          return true;
        }
      });
      expect(failures).toEqual([]);
      expect(ranges.length).toBeGreaterThan(9000);
    });
  }
});
