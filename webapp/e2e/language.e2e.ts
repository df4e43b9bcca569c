import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts';
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

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

// Every signed-in screen, as /ko/<path> and as its English twin.
const SIGNED_IN_PATHS = [
  'today', 'calendar', 'books', 'books/GEN', 'checklist', 'progress', 'insights', 'notes', 'tags', 'settings',
  'settings/reading', 'settings/reminder', 'settings/email', 'settings/password', 'settings/export', 'settings/import', 'settings/sharing',
  'settings/delete-account',
];
const PUBLIC_PATHS = ['', 'about', 'about/faq', 'policy/privacy', 'policy/terms', 'feedback', 'resources/printable-bible-reading-tracker', 'login', 'register'];

describe('every /ko route answers as its English twin, in Korean', () => {
  // Signed in once; each route gets fresh pages with the same session cookies.
  let koState: StorageState;
  let enState: StorageState;
  beforeAll(async () => {
    const ko = await browser.newPage();
    const en = await browser.newPage();
    await signUp(ko, { locale: 'ko' });
    await signUp(en);
    koState = await ko.context().storageState();
    enState = await en.context().storageState();
  });

  for (const path of [...SIGNED_IN_PATHS, ...PUBLIC_PATHS]) {
    it(`/ko/${path}`, async () => {
      const ko = await browser.newPage({ storageState: koState });
      const en = await browser.newPage({ storageState: enState });
      const koResponse = await ko.goto(path ? `/ko/${path}` : '/ko');
      const enResponse = await en.goto(`/${path}`);
      expect(koResponse?.status()).toBe(enResponse?.status());
      await en.getByRole('heading', { level: 1 }).first().waitFor();
      expect(new URL(ko.url()).pathname).toMatch(/^\/ko(\/|$)/);
      expect(await ko.locator('html').getAttribute('lang')).toBe('ko-KR');
      // The heading is in Korean (Hangul), not left in English.
      await ko.getByRole('heading', { level: 1 }).filter({ hasText: /[\uac00-\ud7a3]/ }).first().waitFor();
    });
  }
});

it('logs Korean references typed the way Korean readers write them', async () => {
  const page = await browser.newPage();
  await signUp(page, { locale: 'ko' });
  await page.goto('/ko/today');
  await page.getByRole('heading', { level: 1, name: '오늘' }).waitFor();
  const box = page.getByRole('textbox', { name: '무엇을 읽었나요?' });
  await box.fill('창1:1-5; 시 23');
  await page.getByText('합계: 11절').waitFor();
  await box.press('Enter');
  await page.getByText('오늘 읽은 본문으로 창세기 1:1-5; 시편 23을(를) 기록했어요.').waitFor();
  const items = page.getByRole('list', { name: '오늘 읽은 본문' }).getByRole('listitem');
  await items.nth(1).waitFor();
  expect(await items.allTextContents()).toEqual([expect.stringContaining('창세기 1:1-5'), expect.stringContaining('시편 23')]);
  await box.fill('창세기기 1');
  await page.getByText('올바르지 않은 책 이름: “창세기기 1”').waitFor();
});

it('offers Korean in the switcher by its own name', async () => {
  const page = await browser.newPage();
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Your Bible reading, beautifully kept' }).waitFor();
  await page.getByRole('button', { name: 'Language: English' }).click();
  const names = await page.getByRole('menuitemradio').allTextContents();
  expect(names).toEqual(['English', 'Deutsch', 'Español', 'Français', 'Português', 'українська', '한국어']);
  await page.getByRole('menuitemradio', { name: '한국어' }).click();
  await page.getByRole('heading', { level: 1, name: '나의 성경 읽기, 아름답게 기록하기' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/ko');
  expect(await page.locator('html').getAttribute('lang')).toBe('ko-KR');
});
