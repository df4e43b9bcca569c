import { baseApi } from '@/shared/api';

// The log and the settings come from @/shared/reader, progress and verse counts from @/shared/readmodels.

/** Notes per book number ("1": 3); books without notes are absent. */
export type NoteCounts = Record<string, number>;

export const progressApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNoteCountsByBook: build.query<NoteCounts, void>({
      query: () => ({ url: '/passage-notes/counts', params: { by: 'book' } }),
      providesTags: ['Note', { type: 'Note', id: 'LIST' }],
    }),
  }),
});

export const { useGetNoteCountsByBookQuery } = progressApi;
