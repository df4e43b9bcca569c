import type { ListedTag } from '@/shared/tags';

export type TagSort = 'az' | 'za' | 'newest' | 'oldest' | 'mostNotes' | 'fewestNotes';
export const TAG_SORTS: readonly TagSort[] = ['az', 'za', 'newest', 'oldest', 'mostNotes', 'fewestNotes'];
/** The order the server lists tags in, and a new reader's. */
export const DEFAULT_SORT: TagSort = 'az';

/** The sort named by the URL, else the one saved to the account, else A-Z. */
export function parseSort(value: string | null | undefined, saved?: string | null): TagSort {
  if (TAG_SORTS.includes(value as TagSort)) return value as TagSort;
  return TAG_SORTS.includes(saved as TagSort) ? (saved as TagSort) : DEFAULT_SORT;
}

const byLabel = (a: ListedTag, b: ListedTag) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);
// Parsed, not compared as text: the server's timestamps drop trailing zeros of the fraction.
// Ids are UUIDv7, so ties within a timestamp go by id.
const byAge = (a: ListedTag, b: ListedTag) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id);

/** A sorted copy: by label ignoring case (A-Z or Z-A), by age (newest or oldest first), or by notes (most or fewest first). */
export function sortTags(tags: readonly ListedTag[], sort: TagSort): ListedTag[] {
  const copy = [...tags];
  switch (sort) {
    case 'za':
      return copy.sort((a, b) => byLabel(b, a));
    case 'newest':
      return copy.sort((a, b) => byAge(b, a));
    case 'oldest':
      return copy.sort(byAge);
    case 'mostNotes':
      return copy.sort((a, b) => b.noteCount - a.noteCount || byLabel(a, b));
    case 'fewestNotes':
      return copy.sort((a, b) => a.noteCount - b.noteCount || byLabel(a, b));
    default:
      return copy.sort(byLabel);
  }
}

/** The notes list filtered to one tag (app path, without locale prefix). */
export function notesWithTagPath(tagId: string): string {
  return `/notes?${new URLSearchParams({ filterTags: tagId }).toString()}`;
}
