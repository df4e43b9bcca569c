// The notes query (product spec §3, §4, §9) and its two spellings: the page URL, which holds the
// applied query with only the values that differ from the defaults, and the API's query string.
import { verseExists } from '@/shared/bible';

export type SortOn = 'createdAt' | 'updatedAt';
export type SortDirection = 'asc' | 'desc';
export type TagMatching = 'any' | 'all' | 'exact';
export type PassageMatching = 'inclusive' | 'exclusive';

export interface NoteQuery {
  limit: number;
  offset: number;
  sortOn: SortOn;
  sortDirection: SortDirection;
  filterTags: string[];
  filterTagMatching: TagMatching;
  searchText: string;
  /** Both ends or neither. */
  filterPassageStartVerseId: number | null;
  filterPassageEndVerseId: number | null;
  filterPassageMatching: PassageMatching;
}

export const MAX_LIMIT = 50;
export const PAGE_SIZES = [10, 20, 50] as const;
export const MAX_FILTER_TAGS = 50;

export const DEFAULT_QUERY: NoteQuery = Object.freeze({
  limit: 10,
  offset: 0,
  sortOn: 'createdAt',
  sortDirection: 'desc',
  filterTags: [],
  filterTagMatching: 'any',
  searchText: '',
  filterPassageStartVerseId: null,
  filterPassageEndVerseId: null,
  filterPassageMatching: 'inclusive',
}) as NoteQuery;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function integer(value: string | null): number | null {
  if (value === null || !/^\d{1,12}$/.test(value)) return null;
  return Number(value);
}

/** Whether the query has a passage filter. */
export function hasPassage(query: NoteQuery): query is NoteQuery & { filterPassageStartVerseId: number; filterPassageEndVerseId: number } {
  return query.filterPassageStartVerseId !== null && query.filterPassageEndVerseId !== null;
}

/**
 * The same query without settings that change nothing: "all" without tags is "any" (only "exact"
 * without tags means something: untagged notes), and the passage matching without a passage is
 * the default.
 */
export function normalize(query: NoteQuery): NoteQuery {
  const searchText = query.searchText.trim();
  const filterTags = [...new Set(query.filterTags.filter((id) => id !== ''))].slice(0, MAX_FILTER_TAGS);
  const filterTagMatching = filterTags.length === 0 && query.filterTagMatching === 'all' ? 'any' : query.filterTagMatching;
  const passage = hasPassage(query);
  return {
    ...query,
    searchText,
    filterTags,
    filterTagMatching,
    filterPassageStartVerseId: passage ? query.filterPassageStartVerseId : null,
    filterPassageEndVerseId: passage ? query.filterPassageEndVerseId : null,
    filterPassageMatching: passage ? query.filterPassageMatching : DEFAULT_QUERY.filterPassageMatching,
  };
}

/**
 * Reads the applied query from the page's URL. Anything missing or unreadable takes its default,
 * so a hand-edited or old bookmark still opens a list.
 */
export function queryFromSearchParams(params: URLSearchParams): NoteQuery {
  const limit = integer(params.get('limit'));
  const offset = integer(params.get('offset'));
  let start = integer(params.get('filterPassageStartVerseId'));
  let end = integer(params.get('filterPassageEndVerseId'));
  if (start === null || end === null || !verseExists(start) || !verseExists(end) || start > end) {
    start = null;
    end = null;
  }
  return normalize({
    limit: limit !== null && limit >= 1 ? Math.min(limit, MAX_LIMIT) : DEFAULT_QUERY.limit,
    offset: offset ?? DEFAULT_QUERY.offset,
    sortOn: oneOf(params.get('sortOn'), ['createdAt', 'updatedAt'], DEFAULT_QUERY.sortOn),
    sortDirection: oneOf(params.get('sortDirection'), ['asc', 'desc'], DEFAULT_QUERY.sortDirection),
    filterTags: params.getAll('filterTags'),
    filterTagMatching: oneOf(params.get('filterTagMatching'), ['any', 'all', 'exact'], DEFAULT_QUERY.filterTagMatching),
    searchText: params.get('searchText') ?? '',
    filterPassageStartVerseId: start,
    filterPassageEndVerseId: end,
    filterPassageMatching: oneOf(params.get('filterPassageMatching'), ['inclusive', 'exclusive'], DEFAULT_QUERY.filterPassageMatching),
  });
}

/**
 * The query as search parameters. For the page URL ('url') only values that differ from the
 * defaults are written; for the API ('api') paging and sorting are always sent, and the passage
 * ends only together, with their matching mode (product spec §7).
 */
export function toSearchParams(input: NoteQuery, target: 'url' | 'api'): URLSearchParams {
  const query = normalize(input);
  const params = new URLSearchParams();
  const all = target === 'api';
  if (query.searchText) params.set('searchText', query.searchText);
  for (const id of query.filterTags) params.append('filterTags', id);
  if (query.filterTagMatching !== DEFAULT_QUERY.filterTagMatching || (all && query.filterTags.length > 0)) {
    params.set('filterTagMatching', query.filterTagMatching);
  }
  if (hasPassage(query)) {
    params.set('filterPassageStartVerseId', String(query.filterPassageStartVerseId));
    params.set('filterPassageEndVerseId', String(query.filterPassageEndVerseId));
    if (all || query.filterPassageMatching !== DEFAULT_QUERY.filterPassageMatching) {
      params.set('filterPassageMatching', query.filterPassageMatching);
    }
  }
  if (all || query.sortOn !== DEFAULT_QUERY.sortOn) params.set('sortOn', query.sortOn);
  if (all || query.sortDirection !== DEFAULT_QUERY.sortDirection) params.set('sortDirection', query.sortDirection);
  if (all || query.limit !== DEFAULT_QUERY.limit) params.set('limit', String(query.limit));
  if (all || query.offset !== DEFAULT_QUERY.offset) params.set('offset', String(query.offset));
  return params;
}

/** Whether the query filters anything (paging and sorting aside). */
export function isFiltered(query: NoteQuery): boolean {
  const q = normalize(query);
  return q.searchText !== '' || q.filterTags.length > 0 || q.filterTagMatching === 'exact' || hasPassage(q);
}

export interface Pagination {
  /** 1-based: floor(offset / limit) + 1. */
  page: number;
  /** ceil(size / limit); 0 when nothing matches. */
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Page numbers of a list answer (product spec §4). */
export function pagination(offset: number, limit: number, size: number): Pagination {
  const page = Math.floor(offset / limit) + 1;
  const totalPages = Math.ceil(size / limit);
  return { page, totalPages, hasPrevious: page > 1, hasNext: page < totalPages };
}

/** The offset of a 1-based page. */
export function pageOffset(page: number, limit: number): number {
  return Math.max(0, page - 1) * limit;
}
