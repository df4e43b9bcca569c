import { baseApi } from '@/shared/api';

/** Verses read on a date: total distinct, and unique (not read on an earlier date since lookBackDate). */
export interface DateVerseCount {
  total: number;
  unique: number;
}

/** Sparse: a missing date has no entries. */
export type DateVerseCounts = Record<string, DateVerseCount>;

export type SuggestionKind = 'continue' | 'nt' | 'ot' | 'wisdom';

export interface ReadingSuggestion {
  startVerseId: number;
  endVerseId: number;
  suggestionContext: {
    kind: SuggestionKind;
    /** Only for continue: the logged passage it follows. */
    afterEntry?: { startVerseId: number; endVerseId: number; date: string };
  };
}

export interface ReadingStreak {
  current: number;
  currentStart: string | null;
  longest: number;
  longestStart: string | null;
  longestEnd: string | null;
  todayRead: boolean;
  restDaysPerWeek: number;
  restDaysLeftThisWeek: number;
}

export interface ProgressSummary {
  versesRead: number;
  totalVerses: number;
  percentage: number;
  chaptersRead: number;
  chapterCount: number;
  complete: boolean;
}

export interface BookProgressSummary extends ProgressSummary {
  book: number;
}

export interface ProgressSnapshot {
  bible: ProgressSummary;
  oldTestament: ProgressSummary;
  newTestament: ProgressSummary;
  books: BookProgressSummary[];
}

/** The projections the reading log shows; a log or settings write invalidates their tags. */
export const readingLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDateVerseCounts: build.query<DateVerseCounts, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/insights/date-verse-counts', params: { from, to } }),
      providesTags: ['VerseCount'],
    }),
    getReadingSuggestions: build.query<ReadingSuggestion[], string>({
      query: (today) => ({ url: '/reading-suggestions', params: { today } }),
      providesTags: ['Suggestion'],
    }),
    getReadingStreak: build.query<ReadingStreak, string>({
      query: (today) => ({ url: '/insights/streak', params: { today } }),
      providesTags: ['Streak'],
    }),
    // Named for its use here (was a book or the Bible just finished?), apart from the progress page's.
    getProgressSnapshot: build.query<ProgressSnapshot, void>({
      query: () => '/progress',
      // Segments are drawn by the progress pages; here only the figures are kept.
      transformResponse: (response: ProgressSnapshot) => ({
        bible: response.bible,
        oldTestament: response.oldTestament,
        newTestament: response.newTestament,
        books: response.books.map(({ book, versesRead, totalVerses, percentage, chaptersRead, chapterCount, complete }) => ({
          book,
          versesRead,
          totalVerses,
          percentage,
          chaptersRead,
          chapterCount,
          complete,
        })),
      }),
      providesTags: ['Progress'],
    }),
  }),
});

export const {
  useGetDateVerseCountsQuery,
  useGetReadingSuggestionsQuery,
  useGetReadingStreakQuery,
  useGetProgressSnapshotQuery,
} = readingLogApi;
