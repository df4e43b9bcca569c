import { describe, expect, it } from 'vitest';
import { addDays, chapterLevel, heatWeeks, inScope, sortBooks, trendSeries } from './insights';

describe('insights model', () => {
  it('lays a year out as weeks with month labels', () => {
    const verses = Array.from({ length: 371 }, (_, i) => i % 3);
    const levels = verses.map((v) => Math.min(v, 4));
    const h = heatWeeks('2023-06-12', verses, levels);
    expect(h.weeks).toBe(53);
    expect(h.days[0]).toMatchObject({ date: '2023-06-12', week: 0, weekday: 0 });
    expect(h.days[370]).toMatchObject({ date: '2024-06-16', week: 52, weekday: 6 });
    expect(h.months[0]).toEqual({ week: 2, date: '2023-07-01' });
    expect(h.months.map((m) => m.date.slice(5, 7))).toContain('07');
    const second = heatWeeks('2023-06-12', verses, levels, 27);
    expect(second.weeks).toBe(26);
    expect(second.days[0]!.date).toBe(addDays('2023-06-12', 27 * 7));
  });

  it('grades chapters by read count', () => {
    expect([chapterLevel(0, false), chapterLevel(0, true), chapterLevel(1, false), chapterLevel(2, false), chapterLevel(4, false), chapterLevel(9, false)]).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('averages long trends by week', () => {
    const verses = [...Array(20).fill(0), 7, 0, 0, 0, 0, 0, 0, 14];
    expect(trendSeries('2024-01-01', verses, 7).map((p) => p.value)).toEqual([0, 0, 0, 0, 0, 0, 14]);
    const weekly = trendSeries('2024-01-01', verses, 90);
    expect(weekly[0]!.date).toBe('2024-01-01');
    expect(weekly.map((p) => p.value)).toEqual([0, 0, 1, 2]);
  });

  it('sorts books by Bible order, name, most and least recent, and most read', () => {
    const rows = [
      { book: 1, lastRead: null, percentage: 0 },
      { book: 2, lastRead: '2024-01-02', percentage: 50 },
      { book: 3, lastRead: '2024-03-01', percentage: 10 },
    ];
    const names: Record<number, string> = { 1: 'Genesis', 2: 'Exodus', 3: 'Leviticus' };
    expect(sortBooks(rows, 'recent').map((r) => r.book)).toEqual([3, 2, 1]);
    expect(sortBooks(rows, 'leastRecent').map((r) => r.book)).toEqual([1, 2, 3]);
    expect(sortBooks(rows, 'most').map((r) => r.book)).toEqual([2, 3, 1]);
    expect(sortBooks(rows, 'order').map((r) => r.book)).toEqual([1, 2, 3]);
    expect(sortBooks(rows, 'name', (b) => names[b]!).map((r) => r.book)).toEqual([2, 1, 3]);
    expect(inScope(39, 'ot') && inScope(40, 'nt') && !inScope(40, 'ot') && inScope(1, 'bible')).toBe(true);
  });
});
