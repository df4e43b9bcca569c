import { describe, expect, it } from 'vitest';
import { draftChanged, draftFromQuery, queryFromDraft, resetQuery } from './filters';
import { DEFAULT_QUERY } from './query';

describe('staged filters', () => {
  it('starts from the applied query and applies from the first page', () => {
    const applied = { ...DEFAULT_QUERY, offset: 30, searchText: 'grace' };
    const draft = draftFromQuery(applied, 'en');
    expect(draftChanged(draft, applied, 'en')).toBe(false);
    const staged = { ...draft, searchText: 'mercy', limit: 20, sortDirection: 'asc' as const };
    expect(draftChanged(staged, applied, 'en')).toBe(true);
    expect(queryFromDraft(staged, 'en')).toEqual({ ok: true, query: { ...applied, searchText: 'mercy', limit: 20, sortDirection: 'asc', offset: 0 } });
  });

  it('reads one typed passage into the filter range, in the reader language', () => {
    const draft = { ...draftFromQuery(DEFAULT_QUERY, 'de'), passageText: 'Joh 3,1-21', passageMatching: 'exclusive' as const };
    const result = queryFromDraft(draft, 'de');
    expect(result.ok && result.query).toMatchObject({
      filterPassageStartVerseId: 143003001,
      filterPassageEndVerseId: 143003021,
      filterPassageMatching: 'exclusive',
    });
  });

  it('shows the applied passage in the reader language and keeps its ids while unchanged', () => {
    const applied = { ...DEFAULT_QUERY, filterPassageStartVerseId: 101050001, filterPassageEndVerseId: 102001005 };
    const draft = draftFromQuery(applied, 'en');
    expect(draft.passageText).toBe('Genesis 50:1 – Exodus 1:5');
    const result = queryFromDraft(draft, 'en');
    expect(result.ok && result.query.filterPassageEndVerseId).toBe(102001005);
  });

  it('names the part it cannot read', () => {
    const draft = draftFromQuery(DEFAULT_QUERY, 'en');
    expect(queryFromDraft({ ...draft, passageText: 'Hezekiah 3' }, 'en')).toEqual({
      ok: false,
      passage: { reason: 'invalidBook', part: 'Hezekiah 3' },
    });
    expect(queryFromDraft({ ...draft, passageText: 'Jude 2' }, 'en')).toEqual({ ok: false, passage: { reason: 'invalidRange', part: 'Jude 2' } });
    expect(queryFromDraft({ ...draft, passageText: 'Gen 1; Ps 23' }, 'en')).toMatchObject({ ok: false, passage: { reason: 'invalidRange' } });
  });

  it('clears the passage filter when its text is emptied', () => {
    const applied = { ...DEFAULT_QUERY, filterPassageStartVerseId: 101001001, filterPassageEndVerseId: 101001031 };
    const result = queryFromDraft({ ...draftFromQuery(applied, 'en'), passageText: ' ' }, 'en');
    expect(result.ok && result.query.filterPassageStartVerseId).toBeNull();
  });
});

describe('reset', () => {
  const applied = { ...DEFAULT_QUERY, offset: 20, searchText: 'grace', filterTags: ['t1'], sortDirection: 'asc' as const };

  it('restores the defaults when nothing is staged', () => {
    expect(resetQuery(applied, null)).toEqual(DEFAULT_QUERY);
  });

  it('applies the staged changes on top of the defaults', () => {
    const staged = { ...applied, offset: 0, searchText: 'mercy' };
    expect(resetQuery(applied, staged)).toEqual({ ...DEFAULT_QUERY, searchText: 'mercy' });
    const passage = { ...applied, filterPassageStartVerseId: 143003001, filterPassageEndVerseId: 143003021 };
    expect(resetQuery(applied, passage)).toMatchObject({ filterTags: [], searchText: '', filterPassageStartVerseId: 143003001, filterPassageEndVerseId: 143003021 });
  });
});
