import { baseApi, creatingPost, type Schemas } from '@/shared/api';
import { NOTE_LIST, TAG_LIST } from '@/shared/tags';
import { toSearchParams, type NoteQuery } from './model/query';

export type PassageNote = Schemas['PassageNote'];

export type PassageNotePage = Schemas['PassageNotePage'];

/** What POST and PUT send; the app always sends every part. */
export type PassageNoteDraft = Required<Schemas['PassageNoteDraft']>;

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
      query: (draft) => creatingPost('/passage-notes', draft),
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
