import { original, type Draft } from '@reduxjs/toolkit';
import { baseApi, creatingPost } from '@/shared/api';
import { applyToEntries, type LogChanges, type ReaderLog } from './log';
import type { LogEntry, LogEntryDraft, ReaderSettings, ReaderSettingsPatch } from './types';

/**
 * A write to the log changes every projection computed from it; the server answers reads made
 * right after a write with the new figures, so invalidating these tags refreshes them at once.
 * The log itself is not refetched: each write puts the server's answer into the cached log.
 */
export const LOG_WRITE_TAGS = ['VerseCount', 'Suggestion', 'Progress', 'Streak', 'Plan'] as const;

/** A settings change can move lookBackDate or the time zone, which every projection depends on. */
const SETTINGS_WRITE_TAGS = ['Settings', 'VerseCount', 'Suggestion', 'Progress', 'Streak', 'Plan'] as const;

/**
 * The reader's log and settings: loaded once when a reader is signed in and shared by every
 * reader screen. Projections (counts, suggestions, streak, progress) live in the features.
 */
export const readerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The whole log is large (a ten-year log is about 100 KB compressed), so it is downloaded once,
     * with the version it holds every write up to (X-Log-Version). Later loads (refetchOnFocus and refetchOnReconnect, for writes made on
     * another device or tab) fetch only the changes after the cached version and merge them.
     */
    getLog: build.query<ReaderLog, void>({
      async queryFn(_arg, { getState }, _extra, baseQuery) {
        const cached = cachedLog(getState());
        if (cached) {
          const changes = await baseQuery(`/log-entries/changes?since=${cached.version}`);
          // Writes from this tab may have landed in the cache while the changes were on their way.
          const current = cachedLog(getState()) ?? cached;
          // A failed catch-up keeps the log as it is; the next focus or reconnect tries again.
          if (changes.error) return { data: current };
          const { version, entries, deleted } = changes.data as LogChanges;
          return { data: frozenLog(version, applyToEntries(current.entries, entries, deleted)) };
        }
        const all = await baseQuery('/log-entries');
        if (all.error) return { error: all.error };
        // A missing header gives 0: the next catch-up then re-sends the whole log, which merges to the same.
        const version = Number(all.meta?.response?.headers.get('X-Log-Version') ?? 0) || 0;
        return { data: frozenLog(version, all.data as LogEntry[]) };
      },
    }),
    addLogEntries: build.mutation<LogEntry[], LogEntryDraft[]>({
      query: (entries) => creatingPost('/log-entries/batch', { entries }),
      invalidatesTags: [...LOG_WRITE_TAGS],
      async onQueryStarted(_drafts, { dispatch, queryFulfilled }) {
        const created = await accepted(queryFulfilled);
        if (created) dispatch(readerApi.util.updateQueryData('getLog', undefined, changeEntries((entries) => applyToEntries(entries, created))));
      },
    }),
    addLogEntry: build.mutation<LogEntry, LogEntryDraft>({
      query: (entry) => creatingPost('/log-entries', entry),
      invalidatesTags: [...LOG_WRITE_TAGS],
      async onQueryStarted(_draft, { dispatch, queryFulfilled }) {
        const created = await accepted(queryFulfilled);
        if (created) dispatch(readerApi.util.updateQueryData('getLog', undefined, changeEntries((entries) => applyToEntries(entries, [created]))));
      },
    }),
    updateLogEntry: build.mutation<LogEntry, LogEntryDraft & { id: string }>({
      query: ({ id, ...entry }) => ({ url: `/log-entries/${encodeURIComponent(id)}`, method: 'PUT', body: entry }),
      invalidatesTags: [...LOG_WRITE_TAGS],
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        const updated = await accepted(queryFulfilled);
        if (updated) dispatch(readerApi.util.updateQueryData('getLog', undefined, changeEntries((entries) => applyToEntries(entries, [updated]))));
      },
    }),
    deleteLogEntry: build.mutation<{ deleted: boolean }, string>({
      query: (id) => ({ url: `/log-entries/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [...LOG_WRITE_TAGS],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const answer = await accepted(queryFulfilled);
        if (answer?.deleted) dispatch(readerApi.util.updateQueryData('getLog', undefined, changeEntries((entries) => applyToEntries(entries, [], [id]))));
      },
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
    // The theme changes no figure: unlike other settings, nothing is refetched.
    updateReaderTheme: build.mutation<ReaderSettings, NonNullable<ReaderSettingsPatch['theme']>>({
      query: (theme) => ({ url: '/settings', method: 'PUT', body: { theme } }),
      async onQueryStarted(_theme, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(readerApi.util.upsertQueryData('getReaderSettings', undefined, data));
        } catch {
          // The browser keeps the choice; the account catches up on the next change.
        }
      },
    }),
  }),
});

function cachedLog(state: unknown): ReaderLog | undefined {
  return readerApi.endpoints.getLog.select()(state as Parameters<ReturnType<typeof readerApi.endpoints.getLog.select>>[0]).data;
}

/** A log write's answer, or undefined when it failed: the cached log stays as it was and the caller shows the error. */
async function accepted<Answer>(written: Promise<{ data: Answer }>): Promise<Answer | undefined> {
  try {
    return (await written).data;
  } catch {
    return undefined;
  }
}

/**
 * The log frozen before it enters the store. The store freezes what it is given anyway, but
 * finding out what needs freezing visits every field of every entry: about 50 ms for a ten-year
 * log on a first /today visit. Object.freeze on each entry does the same in a few ms, and the
 * store then stops at the frozen array.
 */
function frozenLog(version: number, entries: LogEntry[]): ReaderLog {
  for (const entry of entries) Object.freeze(entry);
  return Object.freeze({ version, entries: Object.freeze(entries) as LogEntry[] });
}

/** An updateQueryData recipe for the cached log: new entries from the old ones, same version. */
function changeEntries(change: (entries: readonly LogEntry[]) => LogEntry[]) {
  return (draft: Draft<ReaderLog>): ReaderLog => {
    const log = original(draft)!;
    return frozenLog(log.version, change(log.entries));
  };
}

export const {
  useGetLogQuery,
  useAddLogEntriesMutation,
  useAddLogEntryMutation,
  useUpdateLogEntryMutation,
  useDeleteLogEntryMutation,
  useGetReaderSettingsQuery,
  useUpdateReaderSettingsMutation,
  useUpdateReaderThemeMutation,
} = readerApi;
