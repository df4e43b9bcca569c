import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { DEFAULT_LOCALE, ensureLocale } from '@/shared/i18n';
import { resetApi } from './http';

// findBy/waitFor wait for what a user would see, never for a fixed time. On a shared 2-core
// machine under load a lazy page's first render can take well over 10 s, so the limit is generous;
// a passing wait returns as soon as its condition holds, so only a failing test pays for it.
configure({ asyncUtilTimeout: 30_000 });

// Every test starts with the fake API (signed out); see http.ts.
beforeEach(() => {
  resetApi();
});

// Test files share a worker and its modules (isolate: false in vitest.config.ts), so nothing a
// test changes may outlive it: the page, the language, cookies and storage start over.
afterEach(async () => {
  cleanup();
  document.cookie = 'lamplight_lang=; Path=/; Max-Age=0';
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  await ensureLocale(DEFAULT_LOCALE);
});

// jsdom does not implement these; the app only uses them for comfort.
window.scrollTo = () => {};
