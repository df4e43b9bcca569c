import { describe, expect, it } from 'vitest';
import type { LogEntry } from '@/shared/reader';
import { newVersesByEntry } from './newVerses';

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
