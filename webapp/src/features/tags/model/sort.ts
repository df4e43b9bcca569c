import type { ListedTag } from '@/shared/tags';

export type TagSort = 'az' | 'newest' | 'notes';
export const TAG_SORTS: readonly TagSort[] = ['az', 'newest', 'notes'];
/** The order the server lists tags in, kept out of the URL. */
export const DEFAULT_SORT: TagSort = 'az';

export function parseSort(value: string | null): TagSort {
  return TAG_SORTS.includes(value as TagSort) ? (value as TagSort) : DEFAULT_SORT;
}

const byLabel = (a: ListedTag, b: ListedTag) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** A sorted copy: by label ignoring case, newest first (ids are UUIDv7, so ties go by id), or most notes first. */
export function sortTags(tags: readonly ListedTag[], sort: TagSort): ListedTag[] {
  const copy = [...tags];
  // Parsed, not compared as text: the server's timestamps drop trailing zeros of the fraction.
  if (sort === 'newest') return copy.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id));
  if (sort === 'notes') return copy.sort((a, b) => b.noteCount - a.noteCount || byLabel(a, b));
  return copy.sort(byLabel);
}

/** The notes list filtered to one tag (app path, without locale prefix). */
export function notesWithTagPath(tagId: string): string {
  return `/notes?${new URLSearchParams({ filterTags: tagId }).toString()}`;
}
