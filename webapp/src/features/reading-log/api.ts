import { baseApi, type Schemas } from '@/shared/api';

export type PassageNote = Schemas['PassageNote'];

// Progress, counts, suggestions and the streak come from @/shared/readmodels.
export const readingLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Today's latest three notes; note writes elsewhere invalidate the notes list tag.
    getRecentNotes: build.query<PassageNote[], void>({
      query: () => ({ url: '/passage-notes', params: { limit: 3, offset: 0, sortOn: 'createdAt', sortDirection: 'desc' } }),
      transformResponse: (page: Schemas['PassageNotePage']) => page.results,
      providesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    // The welcome's reminder: every day by email, only if unread, at the time chosen.
    startDailyReminder: build.mutation<unknown, string>({
      query: (time) => ({ url: '/reminders', method: 'PUT', body: { enabled: true, time, days: [1, 2, 3, 4, 5, 6, 7], onlyIfUnread: true, channels: ['email'] } }),
      invalidatesTags: [{ type: 'Reminder', id: 'ME' }],
    }),
  }),
});

export const {
  useGetRecentNotesQuery,
  useStartDailyReminderMutation,
} = readingLogApi;
