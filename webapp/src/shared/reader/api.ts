import { baseApi } from '@/shared/api';
import type { LogEntry, LogEntryDraft, ReaderSettings, ReaderSettingsPatch } from './types';

/**
 * A write to the log changes every projection computed from it; the server answers reads made
 * right after a write with the new figures, so invalidating these tags refreshes them at once.
 */
export const LOG_WRITE_TAGS = [
  { type: 'LogEntry', id: 'LIST' },
  'VerseCount',
  'Suggestion',
  'Progress',
  'Streak',
] as const;

/** A settings change can move lookBackDate or the time zone, which every projection depends on. */
const SETTINGS_WRITE_TAGS = ['Settings', 'VerseCount', 'Suggestion', 'Progress', 'Streak'] as const;

/**
 * The reader's log and settings: loaded once when a reader is signed in and shared by every
 * reader screen. Projections (counts, suggestions, streak, progress) live in the features.
 */
export const readerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLogEntries: build.query<LogEntry[], void>({
      query: () => '/log-entries',
      providesTags: (result) => [
        { type: 'LogEntry', id: 'LIST' },
        ...(result ?? []).map((entry) => ({ type: 'LogEntry' as const, id: entry.id })),
      ],
    }),
    addLogEntries: build.mutation<LogEntry[], LogEntryDraft[]>({
      query: (entries) => ({ url: '/log-entries/batch', method: 'POST', body: { entries } }),
      invalidatesTags: [...LOG_WRITE_TAGS],
    }),
    addLogEntry: build.mutation<LogEntry, LogEntryDraft>({
      query: (entry) => ({ url: '/log-entries', method: 'POST', body: entry }),
      invalidatesTags: [...LOG_WRITE_TAGS],
    }),
    updateLogEntry: build.mutation<LogEntry, LogEntryDraft & { id: string }>({
      query: ({ id, ...entry }) => ({ url: `/log-entries/${encodeURIComponent(id)}`, method: 'PUT', body: entry }),
      invalidatesTags: (_result, _error, { id }) => [...LOG_WRITE_TAGS, { type: 'LogEntry', id }],
    }),
    deleteLogEntry: build.mutation<{ deleted: boolean }, string>({
      query: (id) => ({ url: `/log-entries/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [...LOG_WRITE_TAGS, { type: 'LogEntry', id }],
    }),
    getReaderSettings: build.query<ReaderSettings, void>({
      query: () => '/settings',
      providesTags: ['Settings'],
    }),
    updateReaderSettings: build.mutation<ReaderSettings, ReaderSettingsPatch>({
      query: (patch) => ({ url: '/settings', method: 'PUT', body: patch }),
      invalidatesTags: (_result, error) => (error ? [] : [...SETTINGS_WRITE_TAGS]),
      async onQueryStarted(_patch, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The answer is the new settings: show them before the refetch lands.
          dispatch(readerApi.util.upsertQueryData('getReaderSettings', undefined, data));
        } catch {
          // The form shows the error.
        }
      },
    }),
  }),
});

export const {
  useGetLogEntriesQuery,
  useAddLogEntriesMutation,
  useAddLogEntryMutation,
  useUpdateLogEntryMutation,
  useDeleteLogEntryMutation,
  useGetReaderSettingsQuery,
  useUpdateReaderSettingsMutation,
} = readerApi;
