import type { LogEntry } from './types';

/** The reader's whole log and the log version it is current with. */
export interface ReaderLog {
  /** Changes after this version (GET /api/log-entries/changes?since=) bring the log up to date. */
  version: number;
  /** Ordered as the server sends them: by date, start verse, then id. */
  entries: LogEntry[];
}

/** GET /api/log-entries/changes: entries written and ids deleted after `since`, and the current version. */
export interface LogChanges {
  version: number;
  entries: LogEntry[];
  deleted: string[];
}

function byDateAndPassage(a: LogEntry, b: LogEntry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.startVerseId !== b.startVerseId) return a.startVerseId - b.startVerseId;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The entries with `written` put in their place (replacing an entry of the same id) and the
 * `deleted` ids left out, in the server's order. Applying the same change twice changes nothing,
 * so a change the log already holds may arrive again.
 */
export function applyToEntries(entries: readonly LogEntry[], written: readonly LogEntry[], deleted: readonly string[] = []): LogEntry[] {
  const gone = new Set(deleted);
  const replaced = new Set(written.map((entry) => entry.id));
  const kept = entries.filter((entry) => !gone.has(entry.id) && !replaced.has(entry.id));
  return [...kept, ...written.filter((entry) => !gone.has(entry.id))].sort(byDateAndPassage);
}
