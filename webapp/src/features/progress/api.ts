import { baseApi, type operations, type Schemas } from '@/shared/api';

// The log and the settings come from @/shared/reader.

export type ProgressSummary = Schemas['ProgressSummary'];
export type ReadingSegment = Schemas['ReadingSegment'];
export type BookProgress = Schemas['BookProgress'];
export type ProgressOverview = operations['getProgress']['responses']['200']['content']['application/json'];
export type ChapterProgress = Schemas['ChapterProgress'];
export type BookDetail = operations['getBookProgress']['responses']['200']['content']['application/json'];

/** Verses read per date, sparse: a missing date had none. */
export type DateVerseCounts = Record<string, Schemas['DateVerseCount']>;

/** Notes per book number ("1": 3); books without notes are absent. */
export type NoteCounts = Record<string, number>;

export const progressApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProgressOverview: build.query<ProgressOverview, void>({
      query: () => '/progress',
      providesTags: ['Progress', { type: 'Progress', id: 'LIST' }],
    }),
    getBookProgress: build.query<BookDetail, number>({
      query: (book) => `/progress/books/${book}`,
      providesTags: (_result, _error, book) => ['Progress', { type: 'Progress', id: book }],
    }),
    getVerseCountsBetween: build.query<DateVerseCounts, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/insights/date-verse-counts', params: { from, to, today: to } }),
      providesTags: ['VerseCount', { type: 'VerseCount', id: 'LIST' }],
    }),
    getNoteCountsByBook: build.query<NoteCounts, void>({
      query: () => ({ url: '/passage-notes/counts', params: { by: 'book' } }),
      providesTags: ['Note', { type: 'Note', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetProgressOverviewQuery,
  useGetBookProgressQuery,
  useGetVerseCountsBetweenQuery,
  useGetNoteCountsByBookQuery,
} = progressApi;
