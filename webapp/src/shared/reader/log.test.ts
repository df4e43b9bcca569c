import { describe, expect, it } from 'vitest';
import { applyToEntries } from './log';
import type { LogEntry } from './types';

const entry = (id: string, date: string, startVerseId: number): LogEntry => ({
  id,
  date,
  startVerseId,
  endVerseId: startVerseId + 9,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

const ids = (entries: readonly LogEntry[]) => entries.map((e) => e.id);

describe('changes to the cached log', () => {
  const log = [entry('a', '2026-01-01', 101001001), entry('b', '2026-01-02', 101002001), entry('c', '2026-01-02', 140001001)];

  it('puts new entries in the server order: date, start verse, id', () => {
    const added = applyToEntries(log, [entry('e', '2026-01-03', 101001001), entry('d', '2026-01-02', 101002001), entry('0', '2025-12-31', 1)]);
    expect(ids(added)).toEqual(['0', 'a', 'b', 'd', 'c', 'e']);
  });

  it('replaces an entry by id, moving it when its date or passage changed', () => {
    const moved = { ...entry('a', '2026-01-02', 119023001), updatedAt: '2026-01-05T00:00:00Z' };
    const changed = applyToEntries(log, [moved]);
    expect(ids(changed)).toEqual(['b', 'a', 'c']);
    expect(changed[1]).toBe(moved);
  });

  it('leaves deleted ids out, and unknown ones are no change', () => {
    expect(ids(applyToEntries(log, [], ['b', 'gone']))).toEqual(['a', 'c']);
  });

  it('gives the same log when a change arrives twice', () => {
    const added = entry('d', '2026-01-02', 101003001);
    const once = applyToEntries(log, [added], ['c']);
    expect(applyToEntries(once, [added], ['c'])).toEqual(once);
  });

  it('leaves the given entries as they were', () => {
    const before = [...log];
    applyToEntries(log, [entry('d', '2026-01-01', 1)], ['a']);
    expect(log).toEqual(before);
  });
});
