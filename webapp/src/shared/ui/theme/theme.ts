// The colour theme: Light, Dark or System (the device's setting, followed live by CSS). The choice
// is kept in this browser (localStorage, read by public/theme.js before the first paint) and set
// as data-theme on <html>, which tokens.css keys its dark colours on.
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEMES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

/** The product-specific localStorage key (public/theme.js reads it too). */
export const THEME_STORAGE_KEY = 'lamplight:theme';

/** The value as a theme, or undefined for anything else (stale or tampered). */
export function knownTheme(value: string | null | undefined): ThemeChoice | undefined {
  return THEMES.find((theme) => theme === value);
}

// Where storage is blocked (privacy settings), the choice lives as long as the page.
let unstored: ThemeChoice | null = null;

function read(): ThemeChoice | null {
  try {
    return knownTheme(localStorage.getItem(THEME_STORAGE_KEY)) ?? null;
  } catch {
    return unstored;
  }
}

/** The browser's stored choice, null when it has none. */
export function readBrowserTheme(): ThemeChoice | null {
  return read();
}

/** Sets the theme on the document; System leaves the colours to prefers-color-scheme. */
export function applyTheme(theme: ThemeChoice): void {
  const root = document.documentElement;
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}

const listeners = new Set<() => void>();

/** Remembers the theme in this browser and shows it at once. */
export function writeBrowserTheme(theme: ThemeChoice): void {
  unstored = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage blocked: the theme holds for this page only
  }
  applyTheme(theme);
  listeners.forEach((listener) => listener());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab changed it: follow, so all tabs look alike.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== THEME_STORAGE_KEY) return;
    applyTheme(read() ?? 'system');
    onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The browser's theme choice (System when it has none), kept current across tabs. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => read() ?? 'system', () => 'system');
}
