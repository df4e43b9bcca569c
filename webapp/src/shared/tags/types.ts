/** A reader's tag for passage notes. The server stores the colour as lower-case #rrggbb. */
export interface Tag {
  id: string;
  label: string;
  color: string;
  /** Empty when the tag has none. */
  description: string;
  createdAt: string;
  updatedAt: string;
}

/** A tag as GET /api/passage-note-tags lists it: with how many of the reader's notes carry it. */
export interface ListedTag extends Tag {
  noteCount: number;
}

/** What POST and PUT send. An empty description clears it. */
export interface TagDraft {
  label: string;
  /** #rgb or #rrggbb in either case. */
  color: string;
  description?: string;
}

/** Limits the server enforces (modules/tags/openapi.yaml). */
export const TAG_LABEL_MAX = 32;
export const TAG_DESCRIPTION_MAX = 1500;
