// The reader's preferred Bible app: chosen per browser (a phone may prefer the YouVersion app, a
// laptop the Bible Gateway site), kept in localStorage, and saved to the account so a new device
// starts from it. The browser's own choice wins over the account's.
import appsJson from '@bible-data/apps.json';
import { useSyncExternalStore } from 'react';

/** The product-specific localStorage key. */
export const BIBLE_APP_STORAGE_KEY = 'lamplight:preferred-bible-app';

interface AppJson {
  id: string;
  default: boolean;
  androidDefault: boolean;
}

const appList = appsJson as readonly AppJson[];
const DEFAULT_APP = appList.find((app) => app.default)!.id;
const ANDROID_APP = appList.find((app) => app.androidDefault)?.id ?? DEFAULT_APP;

/** The app id when it names a known app (ids as the server stores them), else undefined. */
export function knownBibleApp(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const id = value.trim().toLowerCase();
  return appList.some((app) => app.id === id) ? id : undefined;
}

/** The app for a browser without any choice: the YouVersion app on Android, Bible Gateway elsewhere. */
export function platformDefaultBibleApp(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  return /\bAndroid\b/i.test(userAgent) ? ANDROID_APP : DEFAULT_APP;
}

/**
 * The app links open: the browser's choice when it is a known app, else the account's, else the
 * platform default. Unknown values (stale or tampered) are skipped.
 */
export function resolveBibleApp(browserValue: string | null | undefined, accountValue?: string | null, userAgent?: string): string {
  return knownBibleApp(browserValue) ?? knownBibleApp(accountValue) ?? platformDefaultBibleApp(userAgent);
}

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(BIBLE_APP_STORAGE_KEY);
  } catch {
    return null; // storage blocked (privacy settings): no browser choice
  }
}

/** The raw value the browser holds (null when none). */
export function readBrowserBibleApp(): string | null {
  return read();
}

/** Remembers the app in this browser (a known id only). */
export function writeBrowserBibleApp(app: string): void {
  const id = knownBibleApp(app);
  if (!id) return;
  try {
    localStorage.setItem(BIBLE_APP_STORAGE_KEY, id);
  } catch {
    // storage blocked: the account's choice still applies
  }
  listeners.forEach((listener) => listener());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BIBLE_APP_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The browser's stored choice, kept current when another tab or the settings page changes it. */
export function useBrowserBibleApp(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
