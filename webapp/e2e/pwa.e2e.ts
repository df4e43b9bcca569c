import { expect, it } from 'vitest';
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
