import { describe, expect, it } from 'vitest';
import { composePassages } from './compose';
import { checkDraft, contentLength, storedContent } from './draft';

describe('note draft', () => {
  it('needs content or a passage', () => {
    expect(checkDraft({ content: ' \n ', passagesText: '', tags: [] }, 'en')).toEqual({ ok: false, errors: { content: 'required' } });
    expect(checkDraft({ content: '', passagesText: 'Ps 23', tags: [] }, 'en')).toEqual({
      ok: true,
      payload: { content: '', passages: [{ startVerseId: 119023001, endVerseId: 119023006 }], tags: [] },
    });
  });

  it('reads several typed passages in order, in the reader language', () => {
    const result = checkDraft({ content: 'x', passagesText: 'Gen 1; Ps 23:1-4', tags: ['a', 'a'] }, 'en');
    expect(result).toEqual({
      ok: true,
      payload: {
        content: 'x',
        passages: [
          { startVerseId: 101001001, endVerseId: 101001031 },
          { startVerseId: 119023001, endVerseId: 119023004 },
        ],
        tags: ['a'],
      },
    });
    expect(checkDraft({ content: '', passagesText: '1. Mose 1', tags: [] }, 'de')).toMatchObject({ ok: true });
  });

  it('names a passage it cannot read', () => {
    expect(checkDraft({ content: 'x', passagesText: 'Gen 1; Hezekiah 3', tags: [] }, 'en')).toEqual({
      ok: false,
      errors: { passages: { reason: 'invalidBook', part: 'Hezekiah 3' } },
    });
  });

  it('counts characters as the server does, up to 3,000', () => {
    expect(contentLength('\n\n  hello  \n\n')).toBe(7);
    expect(storedContent('a  \nb\t\n\n')).toBe('a\nb');
    expect(contentLength('😀é')).toBe(2);
    expect(checkDraft({ content: 'a'.repeat(3000), passagesText: '', tags: [] }, 'en').ok).toBe(true);
    expect(checkDraft({ content: 'a'.repeat(3001), passagesText: '', tags: [] }, 'en')).toEqual({ ok: false, errors: { content: 'tooLong' } });
  });
});

describe('compose links', () => {
  it('reads verse id ranges and leaves out invalid ones', () => {
    expect(composePassages('143003016-143003021,119023001')).toEqual([
      { startVerseId: 143003016, endVerseId: 143003021 },
      { startVerseId: 119023001, endVerseId: 119023001 },
    ]);
    expect(composePassages('101001001-102001001,abc,')).toEqual([]);
    expect(composePassages('')).toEqual([]);
  });
});
