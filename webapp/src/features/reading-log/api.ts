import { baseApi, type operations, type Schemas } from '@/shared/api';

/** Verses read on a date: total distinct, and unique (not read on an earlier date since lookBackDate). */
export type DateVerseCount = Schemas['DateVerseCount'];

/** Sparse: a missing date has no entries. */
export type DateVerseCounts = Record<string, DateVerseCount>;

export type ReadingSuggestion = Schemas['ReadingSuggestion'];
export type SuggestionKind = ReadingSuggestion['suggestionContext']['kind'];

export type ReadingStreak = Schemas['ReadingStreak'];

export type ProgressSummary = Schemas['ProgressSummary'];

export type PassageNote = Schemas['PassageNote'];
type Progress = operations['getProgress']['responses']['200']['content']['application/json'];

/** A book's figures without its segments, which only the progress pages draw. */
export type BookProgressSummary = Omit<Schemas['BookProgress'], 'segments'>;
export type ProgressSnapshot = Omit<Progress, 'books'> & { books: BookProgressSummary[] };

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
    // Today's latest three notes; note writes elsewhere invalidate the notes list tag.
    getRecentNotes: build.query<PassageNote[], void>({
      query: () => ({ url: '/passage-notes', params: { limit: 3, offset: 0, sortOn: 'createdAt', sortDirection: 'desc' } }),
      transformResponse: (page: Schemas['PassageNotePage']) => page.results,
      providesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    // Named for its use here (was a book or the Bible just finished?), apart from the progress page's.
    getProgressSnapshot: build.query<ProgressSnapshot, void>({
      query: () => '/progress',
      // Segments are drawn by the progress pages; here only the figures are kept.
      transformResponse: (response: Progress): ProgressSnapshot => ({
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
    // The welcome's reminder: every day by email, only if unread, at the time chosen.
    startDailyReminder: build.mutation<unknown, string>({
      query: (time) => ({ url: '/reminders', method: 'PUT', body: { enabled: true, time, days: [1, 2, 3, 4, 5, 6, 7], onlyIfUnread: true, channels: ['email'] } }),
      invalidatesTags: [{ type: 'Reminder', id: 'ME' }],
    }),
  }),
});

export const {
  useGetDateVerseCountsQuery,
  useGetReadingSuggestionsQuery,
  useGetReadingStreakQuery,
  useGetProgressSnapshotQuery,
  useGetRecentNotesQuery,
  useStartDailyReminderMutation,
} = readingLogApi;
