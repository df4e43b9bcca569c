import { expect, it } from 'vitest';
import { signOut, signUp } from './support/accounts';
import { collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

it('runs under the strict CSP without violations and registers the service worker', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.getByRole('heading', { level: 1 }).waitFor();
  const scope = await page.evaluate(async () => {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    return registration?.scope ?? null;
  });
  expect(scope).toBe(`${new URL(page.url()).origin}/`);
  expect(errors).toEqual([]);
});

it('does not answer server paths with the app shell once the service worker is active', async () => {
  const page = await browser.newPage();
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const response = await page.goto('/api/no-such-endpoint');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toContain('application/json');
  const health = await page.goto('/healthz');
  expect(health?.status()).toBe(200);
});

it('answers an unknown path with the server 404 page, not the cached shell, while online', async () => {
  const page = await browser.newPage();
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await page.getByText('This page could not be found').waitFor();
});

it('opens signed-in screens offline after one visit, in another language too', async () => {
  const page = await browser.newPage();
  await signUp(page);
  await page.goto('/today');
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  // Controlled means installed: every chunk and every locale's strings are in the precache.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await page.context().setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();

  // Another lazy route, by the navigation bar and by a full page load.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }).click();
  await page.getByRole('heading', { level: 1, name: 'Notes' }).waitFor();
  // Offline the server's 404 is out of reach: the shell answers and the app says not found.
  const unknown = await page.goto('/no-such-page');
  expect(unknown?.status()).toBe(200);
  await page.getByText('This page could not be found').waitFor();
  await page.goto('/progress');
  await page.getByRole('heading', { level: 1, name: 'Progress' }).waitFor();

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await page.getByRole('heading', { level: 1, name: 'Fortschritt' }).waitFor();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Heute' }).click();
  await page.getByRole('heading', { level: 1, name: 'Heute' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/de/today');
});

it('drops the reader’s runtime caches on Log out and keeps the app shell', async () => {
  const page = await browser.newPage();
  await signUp(page);
  await page.goto('/about');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Once the page is controlled, content answers pass through the worker and are kept.
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(async () => (await caches.keys()).includes('lamplight-reader-content'));

  await signOut(page);
  const names = await page.evaluate(() => caches.keys());
  expect(names.filter((name) => name.startsWith('lamplight-reader-'))).toEqual([]);
  expect(names.some((name) => name.startsWith('workbox-precache'))).toBe(true);
});

it('offers a new version and switches to it on Reload', async () => {
  const page = await browser.newPage();
  await signUp(page);
  await page.goto('/today');
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  // Controlled: the app registered its worker. A page opened before that worker took over
  // reloads on Reload too.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // A release: a worker from another script URL installs and waits.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?release=2'));
  const status = page.getByRole('status').filter({ hasText: 'A new version is available.' });
  await status.waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).not.toContain('release=2');

  const reloaded = page.waitForEvent('load');
  await status.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('release=2');
  expect(await status.count()).toBe(0);
});
