import type { Schemas } from '@/shared/api';

/** A reader's tag for passage notes. The server stores the colour as lower-case #rrggbb. */
export type Tag = Schemas['PassageNoteTag'];

/** A tag as GET /api/passage-note-tags lists it: with how many of the reader's notes carry it. */
export type ListedTag = Schemas['PassageNoteTagListed'];

/** What POST and PUT send. An empty description clears it. */
export type TagDraft = Schemas['PassageNoteTagDraft'];

/** Limits the server enforces (modules/tags/openapi.yaml). */
export const TAG_LABEL_MAX = 32;
export const TAG_DESCRIPTION_MAX = 1500;
