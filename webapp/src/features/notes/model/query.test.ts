import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, isFiltered, pageOffset, pagination, queryFromSearchParams, toSearchParams, type NoteQuery } from './query';

const url = (query: Partial<NoteQuery>) => toSearchParams({ ...DEFAULT_QUERY, ...query }, 'url').toString();
const api = (query: Partial<NoteQuery>) => toSearchParams({ ...DEFAULT_QUERY, ...query }, 'api').toString();

describe('notes query in the URL', () => {
  it('writes nothing for the defaults and reads them back from an empty URL', () => {
    expect(url({})).toBe('');
    expect(queryFromSearchParams(new URLSearchParams())).toEqual(DEFAULT_QUERY);
  });

  it('writes only values that differ from the defaults', () => {
    expect(url({ searchText: ' jesus ', limit: 20, sortOn: 'updatedAt' })).toBe('searchText=jesus&sortOn=updatedAt&limit=20');
    expect(url({ filterTags: ['a', 'b'], filterTagMatching: 'all' })).toBe('filterTags=a&filterTags=b&filterTagMatching=all');
  });

  it('round-trips every field', () => {
    const query: NoteQuery = {
      limit: 50,
      offset: 100,
      sortOn: 'updatedAt',
      sortDirection: 'asc',
      filterTags: ['t1', 't2'],
      filterTagMatching: 'exact',
      searchText: 'Génèse',
      filterPassageStartVerseId: 143003001,
      filterPassageEndVerseId: 143003036,
      filterPassageMatching: 'exclusive',
    };
    expect(queryFromSearchParams(toSearchParams(query, 'url'))).toEqual(query);
  });

  it('keeps "exact" without tags (untagged notes) but drops "all" without tags', () => {
    expect(url({ filterTagMatching: 'exact' })).toBe('filterTagMatching=exact');
    expect(url({ filterTagMatching: 'all' })).toBe('');
    expect(isFiltered({ ...DEFAULT_QUERY, filterTagMatching: 'exact' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_QUERY, filterTagMatching: 'all' })).toBe(false);
  });

  it('ignores what it cannot read: bad numbers, unknown values, half or invalid passages', () => {
    const read = (search: string) => queryFromSearchParams(new URLSearchParams(search));
    expect(read('limit=0&offset=-3&sortOn=title&sortDirection=up&filterTagMatching=some')).toEqual(DEFAULT_QUERY);
    expect(read('limit=500').limit).toBe(50);
    expect(read('filterPassageStartVerseId=101001001').filterPassageStartVerseId).toBeNull();
    expect(read('filterPassageStartVerseId=101001050&filterPassageEndVerseId=101001051').filterPassageStartVerseId).toBeNull();
    expect(read('filterPassageStartVerseId=101002001&filterPassageEndVerseId=101001001').filterPassageEndVerseId).toBeNull();
    // The matching mode means nothing without a passage.
    expect(read('filterPassageMatching=exclusive').filterPassageMatching).toBe('inclusive');
  });

  it('reads the book links of the progress screens', () => {
    const query = queryFromSearchParams(new URLSearchParams('filterPassageStartVerseId=101001001&filterPassageEndVerseId=101050026'));
    expect(query.filterPassageStartVerseId).toBe(101001001);
    expect(query.filterPassageEndVerseId).toBe(101050026);
  });
});

describe('notes query for the API', () => {
  it('always sends paging and sorting', () => {
    expect(api({})).toBe('sortOn=createdAt&sortDirection=desc&limit=10&offset=0');
  });

  it('repeats filterTags and sends their matching with them', () => {
    expect(api({ filterTags: ['a', 'b'] })).toBe('filterTags=a&filterTags=b&filterTagMatching=any&sortOn=createdAt&sortDirection=desc&limit=10&offset=0');
  });

  it('sends the passage ends only together, with their matching', () => {
    expect(api({ filterPassageStartVerseId: 143003001, filterPassageEndVerseId: null, filterPassageMatching: 'exclusive' })).not.toContain(
      'filterPassage',
    );
    expect(api({ filterPassageStartVerseId: 143003001, filterPassageEndVerseId: 143003036 })).toContain(
      'filterPassageStartVerseId=143003001&filterPassageEndVerseId=143003036&filterPassageMatching=inclusive',
    );
  });
});

describe('pagination', () => {
  it('numbers pages from the offset and the size', () => {
    expect(pagination(0, 10, 12)).toEqual({ page: 1, totalPages: 2, hasPrevious: false, hasNext: true });
    expect(pagination(10, 10, 12)).toEqual({ page: 2, totalPages: 2, hasPrevious: true, hasNext: false });
    expect(pagination(0, 10, 0)).toEqual({ page: 1, totalPages: 0, hasPrevious: false, hasNext: false });
    expect(pagination(40, 20, 41)).toEqual({ page: 3, totalPages: 3, hasPrevious: true, hasNext: false });
    expect(pagination(5, 10, 30).page).toBe(1);
  });

  it('turns a page back into an offset', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
    expect(pageOffset(0, 10)).toBe(0);
  });
});
