import { baseApi } from '@/shared/api';
import type { VerseRange } from '@/shared/bible';
import { NOTE_LIST, TAG_LIST } from '@/shared/tags';
import { toSearchParams, type NoteQuery } from './model/query';

// Shapes of modules/notes/openapi.yaml.

export interface PassageNote {
  id: string;
  /** Markdown source; rendered without raw HTML. */
  content: string;
  passages: VerseRange[];
  /** Tag ids. */
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface PassageNotePage {
  offset: number;
  limit: number;
  /** How many notes match the query in all. */
  size: number;
  results: PassageNote[];
}

export interface PassageNoteDraft {
  content: string;
  passages: VerseRange[];
  tags: string[];
}

// Note writes change the list, the per-book counts (progress) and the tags' note counts.
const LIST = NOTE_LIST;

export const notesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNotes: build.query<PassageNotePage, NoteQuery>({
      // Built by hand: fetchBaseQuery would join the repeated filterTags with commas.
      query: (query) => `/passage-notes?${toSearchParams(query, 'api').toString()}`,
      providesTags: (page) => [LIST, ...(page?.results ?? []).map((note) => ({ type: 'Note' as const, id: note.id }))],
    }),
    createNote: build.mutation<PassageNote, PassageNoteDraft>({
      query: (draft) => ({ url: '/passage-notes', method: 'POST', body: draft }),
      invalidatesTags: [LIST, TAG_LIST],
    }),
    updateNote: build.mutation<PassageNote, PassageNoteDraft & { id: string }>({
      query: ({ id, ...draft }) => ({ url: `/passage-notes/${encodeURIComponent(id)}`, method: 'PUT', body: draft }),
      invalidatesTags: (_result, _error, { id }) => [LIST, TAG_LIST, { type: 'Note', id }],
    }),
    deleteNote: build.mutation<{ deleted: boolean }, string>({
      query: (id) => ({ url: `/passage-notes/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [LIST, TAG_LIST, { type: 'Note', id }],
    }),
  }),
});

export const { useGetNotesQuery, useCreateNoteMutation, useUpdateNoteMutation, useDeleteNoteMutation } = notesApi;
