// "Just opened": the passage a reader last opened in their Bible app. Every Open link calls
// rememberOpened; when the tab is shown or focused again afterwards, the opening becomes an offer
// to log it (shown by the app shell). Each opening is offered at most once, and the state is kept
// in sessionStorage so a phone that reloads the tab on return still offers it.
import { useSyncExternalStore } from 'react';

export interface Opening {
  /** Unique per click, so one opening is never offered twice. */
  id: string;
  startVerseId: number;
  endVerseId: number;
  /** Whether the reader has come back to the tab since (the offer shows). */
  returned: boolean;
}

const STORAGE_KEY = 'lamplight:just-opened';
const listeners = new Set<() => void>();
let current: Opening | null | undefined;

function load(): Opening | null {
  if (current !== undefined) return current;
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    current = raw ? (JSON.parse(raw) as Opening) : null;
  } catch {
    current = null;
  }
  return current;
}

function store(next: Opening | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: the offer still works in this page
  }
  listeners.forEach((listener) => listener());
}

/** Called when an Open link is followed: the passage is offered for logging once the reader is back. */
export function rememberOpened(range: { startVerseId: number; endVerseId: number }): void {
  const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now());
  store({ id, startVerseId: range.startVerseId, endVerseId: range.endVerseId, returned: false });
}

/** The reader came back to the tab: a waiting opening becomes an offer. */
export function markReturned(): void {
  const opening = load();
  if (opening && !opening.returned) store({ ...opening, returned: true });
}

/** The offer was taken or dismissed: it does not come back. */
export function clearOpened(id: string): void {
  if (load()?.id === id) store(null);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The opening to offer: set once the reader has returned after following an Open link. */
export function useOpenedOffer(): Opening | null {
  const opening = useSyncExternalStore(subscribe, load, () => null);
  return opening?.returned ? opening : null;
}
