import { expect, it } from 'vitest';
import { collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

it('renders the English home page at /', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1, name: 'Your Bible reading, beautifully kept' });
  await heading.waitFor();
  expect(await page.title()).toBe('Lamplight');
  expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
  // The server writes the description into the page it sends, for link previews and crawlers.
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
    'Track and gain insights on your Bible reading.',
  );
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await nav.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
  expect(await nav.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
  expect(await nav.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  expect(errors).toEqual([]);
});

it('renders the German home page at /de', async () => {
  const page = await browser.newPage();
  await page.goto('/de');
  await page.getByRole('heading', { level: 1, name: 'Dein Bibellesen – schön festgehalten' }).waitFor();
  expect(await page.title()).toBe('Lamplight');
  expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
  expect(await page.getByRole('link', { name: 'Registrieren', exact: true }).getAttribute('href')).toBe('/de/register');
});

it('sends a German browser from / to /de', async () => {
  const page = await browser.newPage({ locale: 'de-DE' });
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Dein Bibellesen – schön festgehalten' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/de');
});

it('shows the 404 page for an unknown route', async () => {
  const page = await browser.newPage();
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await page.getByText('This page could not be found').waitFor();
  expect(await page.title()).toBe('Page not found | Lamplight');
});

it('shows the 404 page in German for an unknown prefixed route', async () => {
  const page = await browser.newPage();
  const response = await page.goto('/de/nope');
  expect(response?.status()).toBe(404);
  await page.getByText('Diese Seite konnte nicht gefunden werden').waitFor();
});

it('moves between pages without a full reload', async () => {
  const page = await browser.newPage();
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(() => Object.assign(window, { __marker: 'kept' }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await page.getByRole('heading', { level: 1, name: 'What Lamplight is' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/about');
  expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('kept');
});
