// Browser helpers: one Chromium per test file, a fresh context (en-US) per test.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function baseURL(): string {
  return inject('baseURL');
}

/**
 * Registers hooks that launch the system Chromium for this file. Call once at the top of a
 * test file; then `const page = await browser.newPage()` inside each test.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    /** A new context (locale en-US unless overridden) and a page whose goto takes app paths. */
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      if (!browser) throw new Error('useBrowser(): the browser is not running');
      const context = await browser.newContext({
        baseURL: baseURL(),
        locale: 'en-US',
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}

// Asking GET /api/auth/user who is signed in answers 401 to a visitor, by design; Chromium
// logs every 4xx response as a console error. Only that one is expected.
function expectedError(text: string, url: string): boolean {
  return /^Failed to load resource: the server responded with a status of 401\b/.test(text) && new URL(url, 'http://x').pathname === '/api/auth/user';
}

/** Collects console errors and page errors (CSP violations show up here). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (expectedError(text, message.location().url)) return;
    errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
