import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  document.cookie = 'lamplight_lang=; Path=/; Max-Age=0';
});

// jsdom does not implement these; the app only uses them for comfort.
window.scrollTo = () => {};
