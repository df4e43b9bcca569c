import { useMemo } from 'react';
import { useGetTagsQuery } from './api';
import type { ListedTag } from './types';

const NO_TAGS: ListedTag[] = [];

/**
 * The reader's tags (cached for 10 minutes) with a lookup by id, for showing the tags a note
 * carries: `const { byId } = useTags(); note.tags.map((id) => byId.get(id))`.
 */
export function useTags() {
  const query = useGetTagsQuery();
  const tags = query.data ?? NO_TAGS;
  const byId = useMemo(() => new Map(tags.map((tag) => [tag.id, tag])), [tags]);
  return { ...query, tags, byId };
}
