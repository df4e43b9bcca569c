import { baseApi, type operations, type Schemas } from '@/shared/api';

// The read models' endpoints, one home for every screen. Offline, and while changes wait to be
// sent, @/shared/offline answers them from the local log with compute.ts and next.ts beside this file.

/** Verses read on a date: total distinct, and unique (not read on an earlier date since lookBackDate). */
export type DateVerseCount = Schemas['DateVerseCount'];
/** Verses read per date, sparse: a missing date had none. */
export type DateVerseCounts = Record<string, DateVerseCount>;

export type ReadingSuggestion = Schemas['ReadingSuggestion'];
export type SuggestionKind = ReadingSuggestion['suggestionContext']['kind'];
export type ReadingStreak = Schemas['ReadingStreak'];

export type ProgressSummary = Schemas['ProgressSummary'];
export type ReadingSegment = Schemas['ReadingSegment'];
export type BookProgress = Schemas['BookProgress'];
export type ProgressOverview = operations['getProgress']['responses']['200']['content']['application/json'];
export type ChapterProgress = Schemas['ChapterProgress'];
export type BookDetail = operations['getBookProgress']['responses']['200']['content']['application/json'];

export type Insights = Schemas['Insights'];

/** A log or settings write invalidates these tags (@/shared/reader's LOG_WRITE_TAGS). */
export const readModelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProgressOverview: build.query<ProgressOverview, void>({
      query: () => '/progress',
      providesTags: ['Progress'],
    }),
    getBookProgress: build.query<BookDetail, number>({
      query: (book) => `/progress/books/${book}`,
      providesTags: (_result, _error, book) => ['Progress', { type: 'Progress', id: book }],
    }),
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
    // The log's changes invalidate Progress, which insights follow too.
    getInsights: build.query<Insights, void>({
      query: () => '/insights',
      providesTags: ['Progress'],
    }),
  }),
});

export const {
  useGetProgressOverviewQuery,
  useGetBookProgressQuery,
  useGetDateVerseCountsQuery,
  useGetReadingSuggestionsQuery,
  useGetReadingStreakQuery,
  useGetInsightsQuery,
} = readModelsApi;
