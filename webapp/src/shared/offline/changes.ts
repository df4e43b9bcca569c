import { applyToEntries } from '@/shared/reader/log';
import type { LogEntry, LogEntryDraft } from '@/shared/reader/types';

/** The writes that work offline: logging, editing and deleting entries, and writing notes. */
export type ChangeKind = 'addEntry' | 'addEntries' | 'updateEntry' | 'deleteEntry' | 'createNote' | 'updateNote' | 'deleteNote';

/** The server's error answer to a change it refused, kept until the reader dismisses it. */
export interface Rejection {
  status: number;
  data: unknown;
}

/** One write waiting in the queue (IndexedDB), sent as it was made, with the same key every try. */
export interface Change {
  /** Queue order; set by IndexedDB. */
  seq?: number;
  kind: ChangeKind;
  method: 'POST' | 'PUT' | 'DELETE';
  /** API path without /api, as the app asked; ids made offline are replaced when it is sent. */
  path: string;
  body?: unknown;
  /** The Idempotency-Key of every try, so the server applies the change once. */
  key: string;
  /** What the app was answered at once; its ids are local ids (`local-<key>`) for new items. */
  optimistic: unknown;
  rejected?: Rejection;
}

/** A note as the API answers it; only the fields offline code reads are named. */
export interface NoteLike {
  id: string;
  content: string;
  passages: unknown[];
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

interface NotePage {
  results: NoteLike[];
  size: number;
}

const LOCAL_PREFIX = 'local-';

export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_PREFIX);
}

const ROUTES: { method: Change['method']; pattern: RegExp; kind: ChangeKind }[] = [
  { method: 'POST', pattern: /^\/log-entries$/, kind: 'addEntry' },
  { method: 'POST', pattern: /^\/log-entries\/batch$/, kind: 'addEntries' },
  { method: 'PUT', pattern: /^\/log-entries\/[^/]+$/, kind: 'updateEntry' },
  { method: 'DELETE', pattern: /^\/log-entries\/[^/]+$/, kind: 'deleteEntry' },
  { method: 'POST', pattern: /^\/passage-notes$/, kind: 'createNote' },
  { method: 'PUT', pattern: /^\/passage-notes\/[^/]+$/, kind: 'updateNote' },
  { method: 'DELETE', pattern: /^\/passage-notes\/[^/]+$/, kind: 'deleteNote' },
];

/** The kind of change a request is, or undefined for one that needs the network. */
export function changeKind(method: string, path: string): ChangeKind | undefined {
  return ROUTES.find((route) => route.method === method && route.pattern.test(path))?.kind;
}

/** The id in a change's path (PUT and DELETE). */
export function targetId(change: Pick<Change, 'path'>): string {
  return decodeURIComponent(change.path.slice(change.path.lastIndexOf('/') + 1));
}

/** The local ids a creating change gave its items. */
export function localIds(change: Change): string[] {
  if (change.kind === 'addEntries') return (change.optimistic as LogEntry[]).map((entry) => entry.id);
  if (change.kind === 'addEntry' || change.kind === 'createNote') return [(change.optimistic as { id: string }).id];
  return [];
}

/** The answer the app gets at once, as the server would give it, with local ids for new items. */
export function optimisticAnswer(kind: ChangeKind, path: string, body: unknown, key: string, now: string, existing?: { createdAt: string }): unknown {
  const id = kind === 'addEntry' || kind === 'createNote' ? LOCAL_PREFIX + key : targetId({ path });
  const createdAt = existing?.createdAt ?? now;
  switch (kind) {
    case 'addEntry':
    case 'updateEntry': {
      const { date, startVerseId, endVerseId } = body as LogEntryDraft;
      return { id, date, startVerseId, endVerseId, createdAt, updatedAt: now } satisfies LogEntry;
    }
    case 'addEntries':
      return (body as { entries: LogEntryDraft[] }).entries.map(
        ({ date, startVerseId, endVerseId }, i): LogEntry => ({ id: `${LOCAL_PREFIX}${key}-${i}`, date, startVerseId, endVerseId, createdAt: now, updatedAt: now }),
      );
    case 'createNote':
    case 'updateNote': {
      const draft = body as Partial<NoteLike>;
      return { id, content: draft.content ?? '', passages: draft.passages ?? [], tags: draft.tags ?? [], createdAt, updatedAt: now } satisfies NoteLike;
    }
    case 'deleteEntry':
    case 'deleteNote':
      return { deleted: true };
  }
}

/** The change's path with ids made offline replaced by the server's; undefined while one has none. */
export function resolvePath(change: Change, ids: ReadonlyMap<string, string>): string | undefined {
  if (change.method === 'POST') return change.path;
  const id = targetId(change);
  if (!isLocalId(id)) return change.path;
  const server = ids.get(id);
  return server === undefined ? undefined : change.path.slice(0, change.path.lastIndexOf('/') + 1) + encodeURIComponent(server);
}

/** The server's ids for a creating change's local ids, from its answer. */
export function idPairs(change: Change, answer: unknown): [string, string][] {
  const local = localIds(change);
  const created = (Array.isArray(answer) ? answer : [answer]) as { id: string }[];
  return local.flatMap((id, i) => (created[i] ? [[id, created[i].id] as [string, string]] : []));
}

const waiting = (changes: readonly Change[]) => changes.filter((change) => !change.rejected);

/** The log with the changes still waiting applied; applying one the log already holds changes nothing. */
export function overlayLog(entries: readonly LogEntry[], changes: readonly Change[]): LogEntry[] {
  let out = [...entries];
  for (const change of waiting(changes)) {
    if (change.kind === 'addEntry' || change.kind === 'updateEntry') out = applyToEntries(out, [change.optimistic as LogEntry]);
    else if (change.kind === 'addEntries') out = applyToEntries(out, change.optimistic as LogEntry[]);
    else if (change.kind === 'deleteEntry') out = applyToEntries(out, [], [targetId(change)]);
  }
  return out;
}

/** A page of notes with the note changes still waiting applied: new notes first, as the newest. */
export function overlayNotes<Page extends NotePage>(page: Page, changes: readonly Change[]): Page {
  let results = [...page.results];
  let size = page.size;
  for (const change of waiting(changes)) {
    const note = change.optimistic as NoteLike;
    if (change.kind === 'createNote' && !results.some((n) => n.id === note.id)) {
      results = [note, ...results];
      size += 1;
    } else if (change.kind === 'updateNote') {
      results = results.map((n) => (n.id === note.id ? { ...n, ...note, createdAt: n.createdAt } : n));
    } else if (change.kind === 'deleteNote') {
      const id = targetId(change);
      if (results.some((n) => n.id === id)) size -= 1;
      results = results.filter((n) => n.id !== id);
    }
  }
  return { ...page, results, size };
}
