// The read models on the web: their endpoints, and the one rule for new verses. The offline
// answers (compute.ts, next.ts) are loaded on demand by @/shared/offline, not through this index.
export {
  readModelsApi,
  useGetBookProgressQuery,
  useGetDateVerseCountsQuery,
  useGetInsightsQuery,
  useGetProgressOverviewQuery,
  useGetReadingPlanQuery,
  useGetReadingPlansQuery,
  useGetReadingStreakQuery,
  useGetReadingSuggestionsQuery,
} from './api';
export type {
  BookDetail,
  BookProgress,
  ChapterProgress,
  DateVerseCount,
  DateVerseCounts,
  Insights,
  ProgressOverview,
  ProgressSummary,
  ReadingPlan,
  ReadingPlanDay,
  ReadingSegment,
  ReadingStreak,
  ReadingSuggestion,
  SuggestionKind,
} from './api';
export { LIBRARY_PLANS, libraryPlan, todaysDay, useDayCompletion, type DayCompletion, type LibraryPlan } from './plans';
export { inLoggedOrder, newVersesByEntry, newVersesOf } from './newVerses';
