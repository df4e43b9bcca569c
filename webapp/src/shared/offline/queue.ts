import { idPairs, resolvePath, type Change, type Rejection } from './changes';
import { queuedChanges, removeChange, replaceChange, saveServerIds, serverIds } from './db';

/** How a try to send a change ended: the server's answer, or no answer at all. */
export type Sent = { ok: true; data: unknown } | { ok: false; status: number; data: unknown } | { ok: false; status: 'network' };

export interface SyncHooks {
  /** Sends one change (with its Idempotency-Key) to `path`. */
  send(change: Change, path: string): Promise<Sent>;
  /** The server applied the change; `ids` maps the local ids it made to the server's. */
  applied(change: Change, answer: unknown, ids: [string, string][]): void;
  rejected(change: Change): void;
}

export type SyncResult = 'done' | 'retry';

const QUEUE_LOCK = 'lamplight-offline-queue';

/**
 * Runs one pass over the queue while no other page or the service worker runs one (Web Locks,
 * where the browser has them). Without them two senders may send the same change at once: the
 * server applies its key once and answers the other with the same answer or "in progress".
 */
export function oneSenderAtATime<T>(pass: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(QUEUE_LOCK, pass) : pass();
}

/**
 * Whether the server may answer differently later: no answer, a server error, no session, too
 * many requests, or the first try of the same key still running. Everything else it answered is final.
 */
function transient(sent: Sent): boolean {
  if (sent.ok) return false;
  if (sent.status === 'network') return true;
  // 401: the session ended; the change goes once the reader has signed in again.
  if (sent.status >= 500 || sent.status === 401 || sent.status === 408 || sent.status === 429) return true;
  const code = (sent.data as { error?: { code?: string; errors?: { code?: string }[] } } | undefined)?.error;
  return sent.status === 409 && Boolean(code?.errors?.some((detail) => detail.code === 'idempotency_in_progress') || code?.code === 'idempotency_in_progress');
}

/** A change that names an item made offline whose creation the server refused: it cannot be sent. */
const orphan: Rejection = { status: 404, data: { error: { code: 'not_found' } } };

/**
 * Sends the waiting changes in the order they were made, one at a time. A change stays queued
 * (same key) until the server answers it; one it refuses is kept, marked rejected, for the reader
 * to see, and the next one is sent. Stops at the first change that got no final answer.
 */
export async function syncQueue(hooks: SyncHooks): Promise<SyncResult> {
  const ids = await serverIds();
  for (const change of await queuedChanges()) {
    if (change.rejected) continue;
    const path = resolvePath(change, ids);
    if (path === undefined) {
      const rejected = { ...change, rejected: orphan };
      await replaceChange(rejected);
      hooks.rejected(rejected);
      continue;
    }
    const sent = await hooks.send(change, path);
    if (transient(sent)) return 'retry';
    if (sent.ok) {
      const pairs = idPairs(change, sent.data);
      if (pairs.length > 0) {
        await saveServerIds(pairs);
        for (const [local, server] of pairs) ids.set(local, server);
      }
      await removeChange(change.seq!);
      hooks.applied(change, sent.data, pairs);
    } else if (sent.status !== 'network') {
      const rejected = { ...change, rejected: { status: sent.status, data: sent.data } };
      await replaceChange(rejected);
      hooks.rejected(rejected);
    }
  }
  return 'done';
}

/** Sends a change with fetch: JSON body, the session cookie and its Idempotency-Key. */
export async function sendWithFetch(baseUrl: string, change: Change, path: string): Promise<Sent> {
  let response: Response;
  try {
    response = await fetch(baseUrl + path, {
      method: change.method,
      credentials: 'include',
      headers: { 'Idempotency-Key': change.key, ...(change.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: change.body === undefined ? undefined : JSON.stringify(change.body),
    });
  } catch {
    return { ok: false, status: 'network' };
  }
  const text = await response.text().catch(() => '');
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  return response.ok ? { ok: true, data } : { ok: false, status: response.status, data };
}
