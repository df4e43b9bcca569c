// The log editor asked for from a screen outside the reading log (a chapter tile): the screen
// names the draft, and the app shell shows the reading log's editor for it, so features stay apart.
import { useSyncExternalStore } from 'react';
import type { LogEntryDraft } from './types';

const listeners = new Set<() => void>();
let current: LogEntryDraft | null = null;

function set(next: LogEntryDraft | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/** Opens the editor pre-filled with a new entry (the passage and a date the reader can change). */
export function openLogEditor(draft: LogEntryDraft): void {
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

/** The draft waiting in the editor, or null. */
export function useLogEditorRequest(): LogEntryDraft | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
