// The filter panel's staged edits: kept aside while the reader changes them and applied together.
import type { Locale } from '@/shared/bible';
import { parseOne, formatSpan, type PassageProblem } from './passages';
import {
  DEFAULT_QUERY,
  hasPassage,
  normalize,
  type NoteQuery,
  type PassageMatching,
  type SortDirection,
  type SortOn,
  type TagMatching,
} from './query';

export interface FilterDraft {
  searchText: string;
  tags: string[];
  tagMatching: TagMatching;
  /** The passage as typed. */
  passageText: string;
  passageMatching: PassageMatching;
  sortOn: SortOn;
  sortDirection: SortDirection;
  limit: number;
  /** The applied passage filter, kept exact while its text is not edited (a span across books has no typed form). */
  applied: { text: string; start: number; end: number } | null;
}

/** The panel's fields for an applied query. */
export function draftFromQuery(query: NoteQuery, locale: Locale): FilterDraft {
  const applied = hasPassage(query)
    ? {
        text: formatSpan({ startVerseId: query.filterPassageStartVerseId, endVerseId: query.filterPassageEndVerseId }, locale),
        start: query.filterPassageStartVerseId,
        end: query.filterPassageEndVerseId,
      }
    : null;
  return {
    searchText: query.searchText,
    tags: [...query.filterTags],
    tagMatching: query.filterTagMatching,
    passageText: applied?.text ?? '',
    passageMatching: query.filterPassageMatching,
    sortOn: query.sortOn,
    sortDirection: query.sortDirection,
    limit: query.limit,
    applied,
  };
}

export type ApplyResult = { ok: true; query: NoteQuery } | { ok: false; passage: PassageProblem };

/** The query the staged fields ask for, from the first page; or why the passage cannot be read. */
export function queryFromDraft(draft: FilterDraft, locale: Locale): ApplyResult {
  let start: number | null = null;
  let end: number | null = null;
  const text = draft.passageText.trim();
  if (draft.applied && text === draft.applied.text) {
    ({ start, end } = draft.applied);
  } else if (text !== '') {
    const parsed = parseOne(text, locale);
    if (!parsed.ok) return { ok: false, passage: parsed.problem };
    start = parsed.range.startVerseId;
    end = parsed.range.endVerseId;
  }
  return {
    ok: true,
    query: normalize({
      limit: draft.limit,
      offset: 0,
      sortOn: draft.sortOn,
      sortDirection: draft.sortDirection,
      filterTags: draft.tags,
      filterTagMatching: draft.tagMatching,
      searchText: draft.searchText,
      filterPassageStartVerseId: start,
      filterPassageEndVerseId: end,
      filterPassageMatching: draft.passageMatching,
    }),
  };
}

/** Whether the staged fields differ from the applied query (paging aside). */
export function draftChanged(draft: FilterDraft, query: NoteQuery, locale: Locale): boolean {
  return JSON.stringify(comparable(draftFromQuery(query, locale))) !== JSON.stringify(comparable(draft));
}

function comparable(draft: FilterDraft) {
  const { applied: _applied, ...rest } = draft;
  return { ...rest, searchText: rest.searchText.trim(), passageText: rest.passageText.trim() };
}

/** Groups of query fields that are staged and reset together. */
const FIELD_GROUPS: readonly (readonly (keyof NoteQuery)[])[] = [
  ['searchText'],
  ['filterTags', 'filterTagMatching'],
  ['filterPassageStartVerseId', 'filterPassageEndVerseId', 'filterPassageMatching'],
  ['sortOn', 'sortDirection'],
  ['limit'],
];

/**
 * What Reset applies (product spec §4): the defaults, then any staged change on top. Fields the
 * staged query (queryFromDraft) changed from the applied one are kept; every other field is
 * back at its default, from the first page.
 */
export function resetQuery(applied: NoteQuery, staged: NoteQuery | null): NoteQuery {
  const next: Record<string, unknown> = { ...DEFAULT_QUERY };
  if (staged) {
    for (const group of FIELD_GROUPS) {
      if (group.some((field) => JSON.stringify(staged[field]) !== JSON.stringify(applied[field]))) {
        for (const field of group) next[field] = staged[field];
      }
    }
  }
  return normalize({ ...(next as unknown as NoteQuery), offset: 0 });
}
