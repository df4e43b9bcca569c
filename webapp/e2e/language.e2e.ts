import { expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const browser = useBrowser();

it('switches from English to German and remembers the choice', async () => {
  const page = await browser.newPage();
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Your Bible reading, beautifully kept' }).waitFor();

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dein Bibellesen – schön festgehalten' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/de');
  expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');

  const cookie = (await page.context().cookies()).find((c) => c.name === 'lamplight_lang');
  expect(cookie?.value).toBe('de');
  // Remembered for a year.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

  // A later visit to an unprefixed URL follows the remembered choice.
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Dein Bibellesen – schön festgehalten' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/de');
});

it('keeps the page when switching and can go back to English', async () => {
  const page = await browser.newPage();
  await page.goto('/fr/somewhere');
  await page.getByText('Cette page est introuvable').waitFor();
  await page.getByRole('button', { name: 'Langue: Français' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await page.getByText('This page could not be found').waitFor();
  expect(new URL(page.url()).pathname).toBe('/somewhere');
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Your Bible reading, beautifully kept' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
});

it('uses a dialog on a phone-sized screen', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Language: English' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a language' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Español' }).click();
  await page.getByRole('heading', { level: 1, name: 'Tu lectura de la Biblia, bien guardada' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/es');
});

it('opens the navigation from the menu button on a phone', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const signUp = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' });
  expect(await signUp.isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Menu' }).click();
  expect(await signUp.isVisible()).toBe(true);
});
