// The log editor asked for from a screen outside the reading log (a chapter tile): the screen
// names the draft or the entry to change, and the app shell shows the reading log's editor for it, so features stay apart.
import { useSyncExternalStore } from 'react';
import type { LogEntry, LogEntryDraft } from './types';

const listeners = new Set<() => void>();
let current: LogEntry | LogEntryDraft | null = null;

function set(next: LogEntry | LogEntryDraft | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/**
 * Opens the editor pre-filled with a new entry (the passage and a date the reader can change), or
 * on an existing entry (one with an id) to change it.
 */
export function openLogEditor(draft: LogEntry | LogEntryDraft): void {
  set(draft);
}

/** The editor was saved or closed. */
export function closeLogEditor(): void {
  set(null);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The draft or entry waiting in the editor, or null. */
export function useLogEditorRequest(): LogEntry | LogEntryDraft | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
