import { baseApi } from '@/shared/api';

// Shapes of modules/projections/progress/openapi.yaml, modules/projections/versecounts/openapi.yaml
// and modules/notes/openapi.yaml. The log and the settings come from @/shared/reader.

export interface ProgressSummary {
  versesRead: number;
  totalVerses: number;
  /** floor(versesRead / totalVerses * 100) */
  percentage: number;
  chaptersRead: number;
  chapterCount: number;
  complete: boolean;
}

export interface ReadingSegment {
  startVerseId: number;
  endVerseId: number;
  read: boolean;
  verseCount: number;
}

export interface BookProgress extends ProgressSummary {
  book: number;
  segments: ReadingSegment[];
}

export interface ProgressOverview {
  bible: ProgressSummary;
  oldTestament: ProgressSummary;
  newTestament: ProgressSummary;
  books: BookProgress[];
}

export interface ChapterProgress {
  chapter: number;
  versesRead: number;
  totalVerses: number;
  percentage: number;
  complete: boolean;
  segments: ReadingSegment[];
}

export interface BookDetail extends BookProgress {
  chapters: ChapterProgress[];
}

/** Verses read per date, sparse: a missing date had none. */
export type DateVerseCounts = Record<string, { total: number; unique: number }>;

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
