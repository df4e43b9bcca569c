import { original, type Draft, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { API_BASE_URL, baseApi, setRequestLayer } from '@/shared/api';
import { authApi } from '@/shared/auth';
import { LOG_WRITE_TAGS, readerApi, type LogEntry, type ReaderLog } from '@/shared/reader';
import { applyToEntries } from '@/shared/reader/log';
import { announce, SENT_CHANNEL, SYNC_TAG, type QueueSent } from './background';
import { localIds, targetId, type Change } from './changes';
import { claimFor, hasIndexedDB, owner, queuedChanges, removeChange, saveAnswer } from './db';
import { oneSenderAtATime, syncQueue, sendWithFetch, type SyncResult } from './queue';
import { cachedLog, keepLater, LOG_KEY, offlineLayer, waitForQueue } from './requests';
import { changeApplied, changeRejected, connectivityChanged, offlineState, queueLoaded, rejectionDismissed } from './slice';

// Shared code does not know the app's store type; any thunk-capable dispatch will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

export interface OfflineStore {
  dispatch: Dispatch;
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

function changeLog(dispatch: Dispatch, written: LogEntry[], deleted: string[] = []): void {
  dispatch(
    readerApi.util.updateQueryData('getLog', undefined, (draft: Draft<ReaderLog>): ReaderLog => {
      const log = original(draft)!;
      return { version: log.version, entries: applyToEntries(log.entries, written, deleted) };
    }),
  );
}

/** The server's answer to a sent change replaces what was shown at once. */
function applied(dispatch: Dispatch, change: Change, answer: unknown, ids: [string, string][]): void {
  if (change.kind === 'addEntry' || change.kind === 'addEntries' || change.kind === 'updateEntry') {
    changeLog(dispatch, (Array.isArray(answer) ? answer : [answer]) as LogEntry[], localIds(change));
  } else if (change.kind === 'deleteEntry') {
    changeLog(dispatch, [], [targetId(change), ...ids.map(([, server]) => server)]);
  }
  dispatch(changeApplied(change.seq!));
}

/** A refused change no longer shows: a new entry goes, an edited or deleted one is fetched again. */
function rejected(dispatch: Dispatch, change: Change): void {
  dispatch(changeRejected(change));
  if (change.kind === 'addEntry' || change.kind === 'addEntries') {
    changeLog(dispatch, [], localIds(change));
  } else if (change.kind === 'updateEntry' || change.kind === 'deleteEntry') {
    // From version 0 the catch-up sends the whole log (and what was deleted), which puts the server's entries back.
    dispatch(readerApi.util.updateQueryData('getLog', undefined, (draft: Draft<ReaderLog>) => void (draft.version = 0)));
    void dispatch(readerApi.endpoints.getLog.initiate(undefined, { subscribe: false, forceRefetch: true }));
  }
}

const selectUser = authApi.endpoints.getCurrentUser.select();

function signedInUserId(state: unknown): string | undefined {
  return selectUser(state as Parameters<typeof selectUser>[0]).data?.id;
}

/** After a pass that emptied the queue: counts and progress come from the server again, with every change in them. */
function synced(store: OfflineStore): void {
  store.dispatch(connectivityChanged(true));
  store.dispatch(baseApi.util.invalidateTags([...LOG_WRITE_TAGS, 'Note', 'Tag']));
}

/** Changes the service worker or another page sent: shown as if this page had sent them. */
function sentElsewhere(store: OfflineStore, sent: QueueSent): void {
  for (const { change, answer, ids } of sent.applied) applied(store.dispatch, change, answer, ids);
  for (const change of sent.rejected) rejected(store.dispatch, change);
  if (offlineState(store.getState()).waiting.length === 0) synced(store);
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the service worker to send the queue when the network returns, where the browser has
 * Background Sync: it does so even after every page is closed. Elsewhere the page's own triggers
 * (online, focus, load) remain.
 */
function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => (registration as SyncRegistration | undefined)?.sync?.register(SYNC_TAG))
    .catch(() => {
      // No active worker yet, or the browser refused (a setting): the page sends it itself.
    });
}

let running: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 0;

/** After a try without a final answer (a lost answer, a server error), the next one comes 1 s later, then 2, 4, ... up to a minute. */
function retryLater(store: OfflineStore): void {
  clearTimeout(retryTimer);
  retryDelay = Math.min(retryDelay ? retryDelay * 2 : 1000, 60_000);
  retryTimer = setTimeout(() => {
    if (navigator.onLine !== false) void sync(store);
  }, retryDelay);
}

/** Sends what waits, one pass at a time; a call during a pass asks for another one after it. */
function sync(store: OfflineStore): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  clearTimeout(retryTimer);
  running = (async () => {
    do {
      again = false;
      if (offlineState(store.getState()).waiting.length === 0) continue;
      // Changes are sent with the session of the reader who made them, never another's.
      const userId = signedInUserId(store.getState());
      const sent: QueueSent = { applied: [], rejected: [] };
      let result: SyncResult | 'notYours';
      try {
        result = await oneSenderAtATime(async () => {
          if (!userId || userId !== (await owner())) return 'notYours';
          return syncQueue({
            send: (change, path) => sendWithFetch(API_BASE_URL, change, path),
            applied: (change, answer, ids) => {
              sent.applied.push({ change, answer, ids });
              applied(store.dispatch, change, answer, ids);
            },
            rejected: (change) => {
              sent.rejected.push(change);
              rejected(store.dispatch, change);
            },
          });
        });
      } finally {
        announce(sent);
      }
      if (result === 'notYours') break;
      if (result === 'retry') {
        retryLater(store);
        break;
      }
      retryDelay = 0;
      synced(store);
    } while (again);
  })()
    .catch(() => {
      // IndexedDB failed; the next online, focus or load tries again.
    })
    .finally(() => {
      running = null;
    });
  return running;
}

/**
 * Starts the offline layer for the app's store: every request goes through it, the queue is read
 * and sent at once, and again when the network returns, the window regains focus or a change is
 * queued while online, and by the service worker's Background Sync where the browser has it; the
 * cached log is kept in IndexedDB whenever it changes.
 */
export function startOffline(store: OfflineStore): void {
  setRequestLayer(offlineLayer);
  if (!hasIndexedDB() || typeof window === 'undefined') return;
  const load = queuedChanges()
    .catch(() => [])
    .then((changes) => {
      store.dispatch(queueLoaded(changes));
    });
  waitForQueue(load);
  const trySync = () => {
    if (navigator.onLine !== false) void sync(store);
  };
  void load.then(trySync);
  window.addEventListener('online', () => {
    store.dispatch(connectivityChanged(true));
    void sync(store);
  });
  window.addEventListener('offline', () => store.dispatch(connectivityChanged(false)));
  window.addEventListener('focus', trySync);
  if (typeof BroadcastChannel !== 'undefined') {
    // After the queue is read: a change the worker sent meanwhile is removed from what was read.
    new BroadcastChannel(SENT_CHANNEL).onmessage = (event: MessageEvent<QueueSent>) => void load.then(() => sentElsewhere(store, event.data));
  }

  let log: ReaderLog | undefined;
  let waiting = 0;
  let userId: string | undefined;
  store.subscribe(() => {
    const state = store.getState();
    const signedIn = signedInUserId(state);
    if (signedIn && signedIn !== userId) {
      // Another reader's data (a session that ended without Log Out) goes before this one's is kept.
      const id = signedIn;
      keepLater(async () => {
        await claimFor(id);
        store.dispatch(queueLoaded(await queuedChanges()));
        trySync();
      });
    }
    userId = signedIn;
    const now = cachedLog(state);
    if (now && now !== log) {
      const current = now;
      keepLater(() => saveAnswer(LOG_KEY, current.entries, current.version));
    }
    log = now;
    const count = offlineState(state).waiting.length;
    if (count > waiting) {
      requestBackgroundSync();
      if (offlineState(state).online) trySync();
    }
    waiting = count;
  });
}

/** Forgets a refused change once the reader has read why. */
export async function dismissRejection(dispatch: Dispatch, seq: number): Promise<void> {
  dispatch(rejectionDismissed(seq));
  await removeChange(seq).catch(() => {});
}
