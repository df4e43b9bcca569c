import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface PwaState {
  /** Activates the waiting service worker and reloads; set while a new version waits. */
  applyUpdate: (() => Promise<void>) | null;
  /** The browser's deferred install prompt, while it offers one. */
  installPrompt: BeforeInstallPromptEvent | null;
  /** The first service worker has precached the app: it now opens offline. */
  offlineReady: boolean;
}

// Module state rather than Redux: the service worker and the browser report these before and
// outside React (src/app/serviceWorker.ts), and nothing else reads them.
let state: PwaState = { applyUpdate: null, installPrompt: null, offlineReady: false };
const listeners = new Set<() => void>();

function update(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Forgets both offers. Unit tests share modules between files, so each test starts clean. */
export function resetPwaState(): void {
  update({ applyUpdate: null, installPrompt: null, offlineReady: false });
}

/** The app is precached for the first time: it works offline from now on. */
export function announceOfflineReady(): void {
  update({ offlineReady: true });
}

/** A new version is installed and waiting: `apply` lets it take over and reloads the page. */
export function offerUpdate(apply: () => Promise<void>): void {
  update({ applyUpdate: apply });
}

/**
 * Keeps the browser's install prompt for the "Install app" offer instead of its own mini
 * infobar, and forgets it once the app is installed. Returns a function that stops listening.
 */
export function listenForInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    update({ installPrompt: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => update({ installPrompt: null });
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** Shows the browser's install dialog; a prompt can be used once, so the offer goes away. */
export async function promptInstall(): Promise<void> {
  const event = state.installPrompt;
  if (!event) return;
  update({ installPrompt: null });
  await event.prompt();
  await event.userChoice;
}
