// The queue sent by the service worker (Background Sync), with the same code as the page:
// nothing here needs a window or the store, so sw/sw.ts imports it.
import type { Change } from './changes';
import { exists, owner, queuedChanges } from './db';
import { oneSenderAtATime, sendWithFetch, syncQueue, type SyncResult } from './queue';

/** The Background Sync tag the page registers when a change is queued. */
export const SYNC_TAG = 'lamplight-offline-queue';

/** Where a sender (the worker or a page) tells open pages which changes it sent. */
export const SENT_CHANNEL = 'lamplight-offline-sent';

export interface AppliedChange {
  change: Change;
  answer: unknown;
  /** The local ids the change made and the server's ids for them. */
  ids: [string, string][];
}

/** What a pass over the queue settled: open pages show the server's answers instead of their guesses. */
export interface QueueSent {
  applied: AppliedChange[];
  rejected: Change[];
}

/** Tells the other open pages (a BroadcastChannel never delivers to its own sender). */
export function announce(sent: QueueSent): void {
  if (typeof BroadcastChannel === 'undefined' || (sent.applied.length === 0 && sent.rejected.length === 0)) return;
  const channel = new BroadcastChannel(SENT_CHANNEL);
  channel.postMessage(sent);
  channel.close();
}

/** Who the session cookie belongs to: an id, nobody (401), or no answer to tell. */
async function sessionUser(baseUrl: string): Promise<string | null | 'unknown'> {
  try {
    const response = await fetch(`${baseUrl}/auth/user`, { credentials: 'include' });
    if (response.status === 401) return null;
    if (!response.ok) return 'unknown';
    return ((await response.json()) as { id?: string }).id ?? null;
  } catch {
    return 'unknown';
  }
}

/**
 * Sends the waiting changes from the service worker, in order, with their Idempotency-Keys, but
 * only with the session of the reader who made them: the cookie may be another reader's (or
 * none) since. 'retry' asks the browser to fire the sync again later.
 */
export async function sendInBackground(baseUrl: string): Promise<SyncResult> {
  const sent: QueueSent = { applied: [], rejected: [] };
  try {
    return await oneSenderAtATime(async () => {
      // A sync fired after Log Out must not create the database again.
      if (!(await exists())) return 'done';
      const whose = await owner();
      if (!whose || !(await queuedChanges()).some((change) => !change.rejected)) return 'done';
      const user = await sessionUser(baseUrl);
      if (user === 'unknown') return 'retry';
      // Signed out or another reader: the page sends once its reader is signed in again.
      if (user !== whose) return 'done';
      return syncQueue({
        send: (change, path) => sendWithFetch(baseUrl, change, path),
        applied: (change, answer, ids) => sent.applied.push({ change, answer, ids }),
        rejected: (change) => sent.rejected.push(change),
      });
    });
  } finally {
    announce(sent);
  }
}
