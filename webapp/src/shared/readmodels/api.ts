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

/** A plan the reader follows, with which days the log completes and where the schedule stands. */
export type ReadingPlan = Schemas['ReadingPlan'];
export type ReadingPlanDay = ReadingPlan['days'][number];

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
    // The log's changes and the plans' own writes invalidate Plan; `today` is the reader's date.
    getReadingPlans: build.query<ReadingPlan[], string>({
      query: (today) => ({ url: '/reading-plans', params: { today } }),
      providesTags: ['Plan'],
    }),
    getReadingPlan: build.query<ReadingPlan, { id: string; today: string }>({
      query: ({ id, today }) => ({ url: `/reading-plans/${encodeURIComponent(id)}`, params: { today } }),
      providesTags: (_result, _error, { id }) => ['Plan', { type: 'Plan', id }],
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
  useGetReadingPlansQuery,
  useGetReadingPlanQuery,
} = readModelsApi;
