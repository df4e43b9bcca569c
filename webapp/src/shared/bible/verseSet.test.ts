import { describe, expect, it } from 'vitest';
import {
  BibleError,
  consolidate,
  ERR_FIRST_AFTER_FINAL,
  FIRST_VERSE_ID,
  LAST_VERSE_ID,
  rangeContains,
  rangeCount,
  TOTAL_VERSES,
  uniqueCount,
  verseAt,
  verseIndex,
  VerseSet,
  wholeBook,
  wholeChapter,
  type VerseRange,
} from './index';

function random(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return Math.floor((a / 4294967296) * n);
  };
}

function randomRange(rand: (n: number) => number, maxLen: number): VerseRange {
  const start = verseAt(rand(TOTAL_VERSES))!;
  const last = verseIndex(wholeBook(Math.floor((start - 100000000) / 1000000))!.endVerseId)!;
  return { startVerseId: start, endVerseId: verseAt(Math.min(last, verseIndex(start)! + rand(maxLen)))! };
}

describe('VerseSet', () => {
  it('agrees with a naive model', () => {
    const rand = random(7);
    for (let round = 0; round < 100; round++) {
      const ranges = Array.from({ length: rand(30) }, () => randomRange(rand, 1 + rand(3000)));
      const set = new VerseSet(ranges);
      const model = new Set<number>();
      for (const r of ranges) for (let i = verseIndex(r.startVerseId)!; i <= verseIndex(r.endVerseId)!; i++) model.add(i);
      expect(set.count()).toBe(model.size);
      expect(uniqueCount(ranges)).toBe(model.size);
      for (let k = 0; k < 50; k++) {
        const i = rand(TOTAL_VERSES);
        expect(set.has(verseAt(i)!)).toBe(model.has(i));
      }
      const probe = randomRange(rand, 500);
      let want = 0;
      for (let i = verseIndex(probe.startVerseId)!; i <= verseIndex(probe.endVerseId)!; i++) if (model.has(i)) want++;
      expect(set.countRange(probe)).toBe(want);
      // The runs cover exactly the set, in order, never crossing books.
      const runs = consolidate(ranges);
      expect(runs.reduce((n, r) => n + rangeCount(r), 0)).toBe(model.size);
      expect(new VerseSet(runs).countNotIn(set)).toBe(0);
      for (const r of runs) expect(Math.floor(r.startVerseId / 1e6)).toBe(Math.floor(r.endVerseId / 1e6));
      // Segments of the whole Bible alternate within books and add up to every verse.
      const segments = set.segments(FIRST_VERSE_ID, LAST_VERSE_ID);
      expect(segments.reduce((n, s) => n + s.verseCount, 0)).toBe(TOTAL_VERSES);
      expect(segments.filter((s) => s.read).reduce((n, s) => n + s.verseCount, 0)).toBe(model.size);
      expect(set.bibleSegments().flat()).toEqual(segments);
    }
  });

  it('adds, counts and combines', () => {
    const set = new VerseSet();
    expect(set.add({ startVerseId: 143003017, endVerseId: 143003016 })).toBe(false);
    expect(set.add({ startVerseId: 0, endVerseId: 143003016 })).toBe(false);
    expect(set.addVerse(101001000)).toBe(false);
    expect(set.count()).toBe(0);
    expect(set.addVerse(143003016)).toBe(true);
    expect(set.has(143003016)).toBe(true);
    expect(set.has(143003017)).toBe(false);
    // A range crossing books is accepted by a set.
    expect(set.add({ startVerseId: 101050026, endVerseId: 102001001 })).toBe(true);
    expect(set.countInBook(1)).toBe(1);
    expect(set.countInBook(67)).toBe(0);
    expect(set.countInChapter(43, 3)).toBe(1);
    expect(set.countInChapter(43, 99)).toBe(0);
    expect(set.ranges()).toEqual([
      { startVerseId: 101050026, endVerseId: 101050026 },
      { startVerseId: 102001001, endVerseId: 102001001 },
      { startVerseId: 143003016, endVerseId: 143003016 },
    ]);
    const other = new VerseSet([wholeChapter(43, 3)!]);
    expect(other.countNotIn(set)).toBe(35);
    other.addSet(set);
    expect(other.count()).toBe(38);
    const whole = new VerseSet([{ startVerseId: FIRST_VERSE_ID, endVerseId: LAST_VERSE_ID }]);
    expect(whole.count()).toBe(TOTAL_VERSES);
    expect(whole.ranges()).toHaveLength(66);
    expect(whole.bibleProgress()).toMatchObject({ percentage: 100, complete: true, chaptersRead: 1189 });
    const runs = whole.runs();
    expect(runs.next().value).toEqual(wholeBook(1));
  });

  it('reports invalid spans', () => {
    const set = new VerseSet();
    expect(() => set.segments(102001001, 101001001)).toThrow(new BibleError(ERR_FIRST_AFTER_FINAL));
    expect(() => set.segments(101001000, 101001001)).toThrow(BibleError);
    expect(set.chapterSegments(1, 51)).toEqual([]);
    expect(set.bookSegments(0)).toEqual([]);
    expect(set.bookProgress(67)).toBeUndefined();
    expect(set.chapterProgress(1, 0)).toBeUndefined();
  });

  it('floors percentages in integer arithmetic', () => {
    // John 12 has 50 verses: 29 / 50 * 100 is 57.99999999999999 in floating point, 29 * 100 / 50 is 58.
    const set = new VerseSet([{ startVerseId: 143012001, endVerseId: 143012029 }]);
    expect(set.chapterProgress(43, 12)).toEqual({
      versesRead: 29,
      totalVerses: 50,
      percentage: 58,
      complete: false,
      chaptersRead: 0,
      totalChapters: 1,
    });
    expect(new VerseSet([{ startVerseId: FIRST_VERSE_ID, endVerseId: 166022020 }]).bibleProgress()).toMatchObject({
      percentage: 99,
      complete: false,
    });
    expect(rangeContains({ startVerseId: 143003016, endVerseId: 143003018 }, 143003017)).toBe(true);
  });
});
