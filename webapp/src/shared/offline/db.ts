import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Change } from './changes';

/** One database per browser profile; it holds only the signed-in reader's data (see forget). */
export const DB_NAME = 'lamplight-offline';

interface OfflineSchema extends DBSchema {
  /** The last answers the server gave to GET requests, by request (see answerKey); the log from the cache. */
  answers: { key: string; value: { data: unknown; version?: number } };
  /** Changes made while offline, in the order made (seq). */
  queue: { key: number; value: Change; indexes: Record<string, never> };
  /** A local id (an entry or note made offline) and the server's id once its change was sent. */
  ids: { key: string; value: string };
  /** Whose data this is. */
  meta: { key: 'userId'; value: string };
}

export type OfflineDB = IDBPDatabase<OfflineSchema>;

let opened: Promise<OfflineDB> | null = null;

/** Whether this browser has IndexedDB; without it (old browsers, tests under jsdom) the app works online only. */
export function hasIndexedDB(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** Whether the database exists, without creating it (where the browser can tell). */
export async function exists(): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((database) => database.name === DB_NAME);
}

export function db(): Promise<OfflineDB> {
  opened ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('answers');
      database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      database.createObjectStore('ids');
      database.createObjectStore('meta');
    },
    // Log Out in another tab deletes the database: let go of it, or the delete would wait for this tab.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
  });
  return opened;
}

export async function readAnswer(key: string): Promise<{ data: unknown; version?: number } | undefined> {
  return (await db()).get('answers', key);
}

export async function saveAnswer(key: string, data: unknown, version?: number): Promise<void> {
  await (await db()).put('answers', version === undefined ? { data } : { data, version }, key);
}

export async function forgetAnswer(key: string): Promise<void> {
  await (await db()).delete('answers', key);
}

/** The queued changes, oldest first. */
export async function queuedChanges(): Promise<Change[]> {
  return (await db()).getAll('queue');
}

export async function enqueue(change: Change): Promise<Change> {
  const seq = await (await db()).add('queue', change);
  return { ...change, seq };
}

export async function replaceChange(change: Change): Promise<void> {
  await (await db()).put('queue', change);
}

export async function removeChange(seq: number): Promise<void> {
  await (await db()).delete('queue', seq);
}

export async function serverIds(): Promise<Map<string, string>> {
  const database = await db();
  const tx = database.transaction('ids');
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  return new Map(keys.map((key, i) => [key, values[i]!]));
}

export async function saveServerIds(pairs: [string, string][]): Promise<void> {
  const tx = (await db()).transaction('ids', 'readwrite');
  await Promise.all([...pairs.map(([local, server]) => tx.store.put(server, local)), tx.done]);
}

/** Whose data the database holds, if anyone's. */
export async function owner(): Promise<string | undefined> {
  return (await db()).get('meta', 'userId');
}

/**
 * Makes the database the given reader's: another reader's data (a session that ended without
 * Log Out) is dropped first, so one reader never sees another's.
 */
export async function claimFor(userId: string): Promise<void> {
  const database = await db();
  const owner = await database.get('meta', 'userId');
  if (owner === userId) return;
  const tx = database.transaction(['answers', 'queue', 'ids', 'meta'], 'readwrite');
  await Promise.all([
    tx.objectStore('answers').clear(),
    tx.objectStore('queue').clear(),
    tx.objectStore('ids').clear(),
    tx.objectStore('meta').put(userId, 'userId'),
    tx.done,
  ]);
}

/** Deletes the whole database (Log Out). */
export async function forget(): Promise<void> {
  const current = opened;
  opened = null;
  if (current) (await current).close();
  await deleteDB(DB_NAME);
}
