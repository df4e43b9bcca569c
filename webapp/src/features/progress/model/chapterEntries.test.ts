import { describe, expect, it } from 'vitest';
import { wholeChapter } from '@/shared/bible';
import type { LogEntry } from '@/shared/reader';
import { chapterEntries } from './chapterEntries';

const entry = (id: string, date: string, startVerseId: number, endVerseId: number, createdAt = `${date}T08:00:00Z`): LogEntry => ({
  id,
  date,
  startVerseId,
  endVerseId,
  createdAt,
  updatedAt: createdAt,
});

describe('chapterEntries', () => {
  const genesis2 = wholeChapter(1, 2)!;

  it('tells the entries within a chapter from those reaching past it, and finds the latest', () => {
    const entries = [
      entry('inside', '2026-01-05', 101002001, 101002010),
      entry('across', '2026-01-03', 101001001, 101003024),
      entry('again', '2026-01-05', 101002011, 101002025, '2026-01-05T09:00:00Z'),
      entry('other', '2026-01-09', 101004001, 101004026),
    ];
    const { overlapping, within, latest } = chapterEntries(entries, genesis2);
    expect(overlapping.map((e) => e.id)).toEqual(['inside', 'across', 'again']);
    expect(within.map((e) => e.id)).toEqual(['inside', 'again']);
    expect(latest?.id).toBe('again');
  });

  it('has nothing for a chapter never read', () => {
    expect(chapterEntries([entry('other', '2026-01-09', 101004001, 101004026)], genesis2)).toEqual({ overlapping: [], within: [], latest: undefined });
  });
});
