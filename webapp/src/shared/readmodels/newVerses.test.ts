import { describe, expect, it } from 'vitest';
import { rangeCount } from '@/shared/bible';
import type { LogEntry } from '@/shared/reader';
import type { CountedEntry, DayCount } from './compute';
import { newVersesByEntry, newVersesOf } from './newVerses';

let n = 0;
const entry = (date: string, startVerseId: number, endVerseId: number): LogEntry => {
  n += 1;
  return { id: `e${n}`, date, startVerseId, endVerseId, createdAt: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`, updatedAt: '' };
};

describe('new verses per entry', () => {
  it('counts verses not read on an earlier day since lookBackDate, each verse once per day', () => {
    const a = entry('2024-06-10', 101001001, 101001005); // Gen 1:1-5
    const b = entry('2024-06-11', 101001003, 101001010); // Gen 1:3-10: 6-10 are new
    const c = entry('2024-06-11', 101001008, 101001012); // Gen 1:8-12: only 11-12 are new that day
    const result = newVersesByEntry([a, b, c], '2024-06-11', '2024-01-01');
    expect(result.get(b.id)).toBe(5);
    expect(result.get(c.id)).toBe(2);
  });

  it('counts a partial overlap across a chapter end, whatever else the log holds', () => {
    const across = entry('2024-06-01', 101001031, 101002003); // Gen 1:31-2:3
    const elsewhere = entry('2024-06-02', 102001001, 102002025); // Exod 1-2
    const today = entry('2024-06-11', 101002001, 101002010); // Gen 2:1-10: 4-10 are new
    expect(newVersesByEntry([across, elsewhere, today], '2024-06-11', '2024-01-01').get(today.id)).toBe(7);
  });

  it('ignores reading before lookBackDate, and counts nothing new before it', () => {
    const old = entry('2023-12-31', 101001001, 101001031);
    const today = entry('2024-01-02', 101001001, 101001031);
    expect(newVersesByEntry([old, today], '2024-01-02', '2024-01-01').get(today.id)).toBe(31);
    expect(newVersesByEntry([old, today], '2023-12-31', '2024-01-01').get(old.id)).toBe(0);
  });
});

describe('new verses of a passage not logged yet', () => {
  it('counts the verses not read since lookBackDate, on any date', () => {
    const old = entry('2023-12-31', 101001001, 101001031); // Gen 1, before lookBackDate
    const read = entry('2024-06-01', 101002001, 101002010); // Gen 2:1-10
    const later = entry('2024-06-20', 101002020, 101002025); // Gen 2:20-25, dated after today
    expect(newVersesOf({ startVerseId: 101001001, endVerseId: 101002025 }, [old, read, later], '2024-01-01')).toBe(31 + 25 - 10 - 6);
  });
});

interface CountsCase {
  name: string;
  lookBackDate: string;
  log: CountedEntry[];
  dateVerseCounts: Record<string, DayCount>;
}

// The cases modules/readmodels/vectors_test.go asserts against the server's computation: each
// date's new verses per entry, whatever order its entries were logged in, add up to the server's
// unique count of that date, and none is negative or more than the entry holds.
const files = import.meta.glob<{ cases: CountsCase[] }>('../../../../modules/readmodels/testdata/counts.json', { eager: true, import: 'default' });
const { cases } = Object.values(files)[0]!;

describe('new verses per entry against the count vectors', () => {
  for (const c of cases) {
    it(c.name, () => {
      const inOrder = c.log.map((e, i): LogEntry => ({ ...e, id: `v${i}`, createdAt: `2026-01-01T00:00:00.${String(i).padStart(6, '0')}Z`, updatedAt: '' }));
      // The same entries logged in the opposite order.
      const reversed = inOrder.map((e, i) => ({ ...e, createdAt: inOrder[inOrder.length - 1 - i]!.createdAt }));
      for (const log of [inOrder, reversed]) {
        for (const [date, { unique }] of Object.entries(c.dateVerseCounts)) {
          const perEntry = newVersesByEntry(log, date, c.lookBackDate);
          expect([...perEntry.values()].reduce((sum, n) => sum + n, 0), date).toBe(unique);
          for (const e of log.filter((l) => l.date === date)) {
            expect(perEntry.get(e.id)).toBeGreaterThanOrEqual(0);
            expect(perEntry.get(e.id)).toBeLessThanOrEqual(rangeCount(e));
          }
        }
      }
    });
  }
});
