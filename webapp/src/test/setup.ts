import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* queries wait longer than the default second: lazy routes and
// on-demand locales render late on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  document.cookie = 'lamplight_lang=; Path=/; Max-Age=0';
});

// jsdom does not implement these; the app only uses them for comfort.
window.scrollTo = () => {};
