import { apiError, json, mockApi, signedInAs, type ApiCall, type Handler } from '@/test/http';
import type { LogEntry, ReaderSettings } from '@/shared/reader';

/** The first lookup on a page waits for its lazy chunk and translations: slow on a busy machine. */
export const PAGE = { timeout: 20_000 };

export const SETTINGS: ReaderSettings = {
  lookBackDate: '2026-01-01',
  dailyVerseCountGoal: 86,
  preferredBibleVersion: 'NASB2020',
  preferredBibleApp: '',
  locale: 'en',
  timeZone: 'UTC',
  restDaysPerWeek: 1,
  welcomeDone: true,
  theme: 'system',
  startPage: 'today',
  tagSort: 'az',
};

const emptyProgress = () => {
  const summary = { versesRead: 0, totalVerses: 1, percentage: 0, chaptersRead: 0, chapterCount: 1, complete: false };
  return {
    bible: summary,
    oldTestament: summary,
    newTestament: summary,
    books: Array.from({ length: 66 }, (_, i) => ({ ...summary, book: i + 1, segments: [] })),
  };
};

/**
 * A signed-in reader with a log kept in memory: entries can be added (singly or in a batch),
 * changed and deleted, and GET answers reflect the writes. Like the server, every write moves the
 * log's version on, and the changes endpoint answers what was written or deleted after a version.
 */
export function fakeReader({ settings = SETTINGS, entries = [] as LogEntry[], extra = {} as Record<string, Handler> } = {}) {
  signedInAs({ timeZone: settings.timeZone });
  const log = [...entries];
  let next = 1000;
  const make = (draft: { date: string; startVerseId: number; endVerseId: number }): LogEntry => {
    next += 1;
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, next - 1000)).toISOString();
    return { id: `entry-${next}`, ...draft, createdAt: at, updatedAt: at };
  };
  const writtenAt = new Map<string, number>();
  const deletedAt = new Map<string, number>();
  const written = (...changed: LogEntry[]) => {
    state.version += 1;
    for (const entry of changed) writtenAt.set(entry.id, state.version);
  };
  const remove = (id: string): boolean => {
    const index = state.log.findIndex((e) => e.id === id);
    if (index < 0) return false;
    state.log.splice(index, 1);
    written();
    deletedAt.set(id, state.version);
    return true;
  };
  const state = {
    settings: { ...settings },
    log,
    version: 0,
    /** Writes made on another device: this tab only learns of them by asking the server. */
    elsewhere: {
      add(draft: { date: string; startVerseId: number; endVerseId: number }): LogEntry {
        const entry = make(draft);
        state.log.push(entry);
        written(entry);
        return entry;
      },
      remove,
    },
  };
  const sorted = () =>
    [...state.log].sort((a, b) => a.date.localeCompare(b.date) || a.startVerseId - b.startVerseId || a.id.localeCompare(b.id));
  // The fake API matches whole paths: the entries the reader starts with can be changed and deleted.
  const entryRoutes: Record<string, Handler> = {};
  for (const entry of entries) {
    entryRoutes[`PUT /api/log-entries/${entry.id}`] = (call: ApiCall) => {
      const index = state.log.findIndex((e) => e.id === entry.id);
      if (index < 0) return apiError(404, 'not_found');
      const updated = { ...state.log[index]!, ...(call.body as Partial<LogEntry>), updatedAt: new Date().toISOString() };
      state.log[index] = updated;
      written(updated);
      return json(200, updated);
    };
    entryRoutes[`DELETE /api/log-entries/${entry.id}`] = () =>
      remove(entry.id) ? json(200, { deleted: true }) : apiError(404, 'not_found');
  }
  mockApi({
    'GET /api/settings': () => json(200, state.settings),
    'PUT /api/settings': (call: ApiCall) => {
      state.settings = { ...state.settings, ...(call.body as Partial<ReaderSettings>) };
      return json(200, state.settings);
    },
    'GET /api/log-entries': () => json(200, sorted(), { 'X-Log-Version': String(state.version) }),
    'GET /api/log-entries/changes': (call: ApiCall) => {
      const since = Number(call.url.searchParams.get('since') ?? 0);
      return json(200, {
        version: state.version,
        entries: sorted().filter((entry) => (writtenAt.get(entry.id) ?? 0) > since),
        deleted: [...deletedAt].filter(([, version]) => version > since).map(([id]) => id),
      });
    },
    'POST /api/log-entries': (call: ApiCall) => {
      const entry = make(call.body as LogEntry);
      state.log.push(entry);
      written(entry);
      return json(201, entry);
    },
    'POST /api/log-entries/batch': (call: ApiCall) => {
      const created = (call.body as { entries: LogEntry[] }).entries.map(make);
      state.log.push(...created);
      written(...created);
      return json(201, created);
    },
    'GET /api/insights/date-verse-counts': () => json(200, {}),
    'GET /api/reading-suggestions': () => json(200, []),
    'GET /api/insights/streak': () =>
      json(200, {
        current: 0,
        currentStart: null,
        longest: 0,
        longestStart: null,
        longestEnd: null,
        todayRead: false,
        restDaysPerWeek: 1,
        restDaysLeftThisWeek: 1,
      }),
    'GET /api/progress': () => json(200, emptyProgress()),
    'GET /api/passage-notes': () => json(200, { offset: 0, limit: 3, size: 0, results: [] }),
    'GET /api/reading-plans': () => json(200, []),
    ...entryRoutes,
    ...extra,
  });
  return state;
}

/** Today in UTC, as the fake reader (time zone UTC) sees it. */
export function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}
