import { describe, expect, it } from 'vitest';
import { wholeChapter } from '@/shared/bible';
import { checklistAction } from './checklist';

const genesis3 = wholeChapter(1, 3)!; // 101003001-101003024
const today = '2026-11-22';
const entry = (id: string, date: string, startVerseId: number, endVerseId: number) => ({
  id,
  date,
  startVerseId,
  endVerseId,
  createdAt: '2026-11-22T08:00:00Z',
  updatedAt: '2026-11-22T08:00:00Z',
});

describe('checklistAction', () => {
  it('logs an unread chapter as read today', () => {
    expect(checklistAction({ chapter: genesis3, complete: false, today, entriesToday: [] })).toEqual({ kind: 'log', range: genesis3 });
  });

  it('logs a partly read chapter as a whole chapter', () => {
    const part = entry('p', today, 101003001, 101003010);
    expect(checklistAction({ chapter: genesis3, complete: false, today, entriesToday: [part] })).toEqual({
      kind: 'log',
      range: genesis3,
    });
  });

  it("removes today's entry that is exactly the whole chapter", () => {
    const own = entry('own', today, genesis3.startVerseId, genesis3.endVerseId);
    const other = entry('other', today, 101001001, 101003024);
    expect(checklistAction({ chapter: genesis3, complete: true, today, entriesToday: [other, own] })).toEqual({
      kind: 'remove',
      entry: own,
    });
  });

  it('explains when the chapter was read through other entries', () => {
    const wider = entry('wider', today, 101001001, 101003024);
    expect(checklistAction({ chapter: genesis3, complete: true, today, entriesToday: [wider] })).toEqual({ kind: 'explain' });
    expect(checklistAction({ chapter: genesis3, complete: true, today, entriesToday: [] })).toEqual({ kind: 'explain' });
  });

  it('ignores a whole-chapter entry from another day', () => {
    const yesterday = entry('y', '2026-11-21', genesis3.startVerseId, genesis3.endVerseId);
    expect(checklistAction({ chapter: genesis3, complete: true, today, entriesToday: [yesterday] })).toEqual({ kind: 'explain' });
  });
});
