import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetApi } from './http';

// Lazy routes load their chunks on first use; give findBy/waitFor room on a busy machine.
configure({ asyncUtilTimeout: 4000 });

// Every test starts with the fake API (signed out); see http.ts.
beforeEach(() => {
  resetApi();
});

afterEach(() => {
  cleanup();
  document.cookie = 'lamplight_lang=; Path=/; Max-Age=0';
  sessionStorage.clear();
});

// jsdom does not implement these; the app only uses them for comfort.
window.scrollTo = () => {};
