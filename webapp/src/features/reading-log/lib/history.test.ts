import { describe, expect, it } from 'vitest';
import type { LogEntry } from '@/shared/reader';
import { filterEntries, historyPage, pageStarts, groupByDay } from './history';

let n = 0;
const entry = (date: string, startVerseId = 101001001, endVerseId = 101001031): LogEntry => {
  n += 1;
  return { id: `e${n}`, date, startVerseId, endVerseId, createdAt: '2026-01-01T00:00:00Z', updatedAt: '' };
};

/** `counts[i]` entries on day i (2026-03-01, 2026-03-02, ...), in the log's order. */
function log(counts: number[]): LogEntry[] {
  return counts.flatMap((count, day) => Array.from({ length: count }, () => entry(`2026-03-${String(day + 1).padStart(2, '0')}`)));
}

const sizes = (page: ReturnType<typeof historyPage>) => page.days.map((day) => day.entries.length);

describe('day-grouped paging', () => {
  it('fills pages with whole days and never splits one', () => {
    const entries = log([4, 4, 4, 4, 4]);
    const first = historyPage(entries, {}, 'oldest', 10, 1);
    expect(sizes(first)).toEqual([4, 4]);
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 20, first: 1, last: 8 });
    expect(historyPage(entries, {}, 'oldest', 10, 2)).toMatchObject({ first: 9, last: 16 });
  });

  it('gives a day larger than a page a page of its own', () => {
    const entries = log([3, 25, 2]);
    expect(pageStarts(groupByDay(entries), 10)).toEqual([0, 1, 2]);
    const big = historyPage(entries, {}, 'oldest', 10, 2);
    expect(sizes(big)).toEqual([25]);
    expect(big).toMatchObject({ first: 4, last: 28, pageCount: 3 });
  });

  it('shows the newest day first when asked', () => {
    const entries = log([1, 2, 3]);
    const page = historyPage(entries, {}, 'newest', 10, 1);
    expect(page.days.map((day) => day.date)).toEqual(['2026-03-03', '2026-03-02', '2026-03-01']);
  });

  it('answers an empty page for an empty log or a range with no entries', () => {
    expect(historyPage([], {}, 'newest', 10, 1)).toEqual({ days: [], page: 1, pageCount: 0, total: 0, first: 0, last: 0 });
    const entries = log([2, 2]);
    expect(historyPage(entries, { from: '2027-01-01' }, 'newest', 10, 1)).toMatchObject({ total: 0, pageCount: 0, days: [] });
    expect(historyPage(entries, { from: '2026-03-03', to: '2026-03-01' }, 'newest', 10, 1).total).toBe(0);
  });

  it('keeps the last page short and clamps a page past the end to it', () => {
    const entries = log([6, 6, 6, 3]);
    const last = historyPage(entries, {}, 'oldest', 10, 99);
    expect(last).toMatchObject({ page: 3, pageCount: 3, first: 13, last: 21 });
    expect(sizes(last)).toEqual([6, 3]);
    expect(historyPage(entries, {}, 'oldest', 10, 0).page).toBe(1);
  });

  it('filters by a date range and by passages overlapping a passage', () => {
    const gen1 = entry('2026-04-01', 101001001, 101001031);
    const gen2 = entry('2026-04-02', 101002001, 101002025);
    const gen1end = entry('2026-04-03', 101001030, 101002003);
    const john = entry('2026-04-03', 143003001, 143003036);
    const all = [gen1, gen2, gen1end, john];
    expect(filterEntries(all, { passage: { startVerseId: 101001001, endVerseId: 101001031 } })).toEqual([gen1, gen1end]);
    expect(filterEntries(all, { from: '2026-04-02', to: '2026-04-03' })).toEqual([gen2, gen1end, john]);
  });
});
