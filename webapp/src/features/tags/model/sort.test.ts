import { describe, expect, it } from 'vitest';
import type { ListedTag } from '@/shared/tags';
import { notesWithTagPath, parseSort, sortTags } from './sort';

const tag = (id: string, label: string, createdAt: string, noteCount: number): ListedTag => ({
  id,
  label,
  color: '#3b73c4',
  description: '',
  createdAt,
  updatedAt: createdAt,
  noteCount,
});

const TAGS = [
  tag('01', 'prayer', '2026-01-02T00:00:00Z', 4),
  tag('02', 'Faith', '2026-03-01T00:00:00Z', 1),
  tag('03', 'Hope', '2026-04-01T00:00:00Z', 4),
];

describe('tag sorting', () => {
  it('sorts by label ignoring case either way, by age either way, or by notes either way', () => {
    expect(sortTags(TAGS, 'az').map((t) => t.label)).toEqual(['Faith', 'Hope', 'prayer']);
    expect(sortTags(TAGS, 'za').map((t) => t.label)).toEqual(['prayer', 'Hope', 'Faith']);
    expect(sortTags(TAGS, 'newest').map((t) => t.label)).toEqual(['Hope', 'Faith', 'prayer']);
    expect(sortTags(TAGS, 'oldest').map((t) => t.label)).toEqual(['prayer', 'Faith', 'Hope']);
    expect(sortTags(TAGS, 'mostNotes').map((t) => t.label)).toEqual(['Hope', 'prayer', 'Faith']);
    expect(sortTags(TAGS, 'fewestNotes').map((t) => t.label)).toEqual(['Faith', 'Hope', 'prayer']);
    expect(TAGS[0]!.label).toBe('prayer');
    const sameSecond = [tag('04', 'a', '2026-05-01T10:00:00Z', 0), tag('05', 'b', '2026-05-01T10:00:00.5Z', 0)];
    expect(sortTags(sameSecond, 'newest').map((t) => t.label)).toEqual(['b', 'a']);
  });

  it('reads the sort from the URL, else the saved one, else A-Z', () => {
    expect(parseSort('mostNotes', 'za')).toBe('mostNotes');
    expect(parseSort('newest')).toBe('newest');
    expect(parseSort(null, 'oldest')).toBe('oldest');
    expect(parseSort(null)).toBe('az');
    expect(parseSort('size', 'nonsense')).toBe('az');
  });

  it('links to the notes carrying a tag', () => {
    expect(notesWithTagPath('0190c3a2-7000')).toBe('/notes?filterTags=0190c3a2-7000');
  });
});
