// Themes against the real server: on a dark device every signed-in screen is dark from its first
// paint, the switcher changes the theme without a reload, and axe (colour contrast included)
// finds nothing on any screen in either theme; the main screens are photographed in English and
// Korean for a look.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Account } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

// --color-bg of tokens.css, as getComputedStyle writes it.
const DARK_BG = 'rgb(22, 18, 14)';
const LIGHT_BG = 'rgb(251, 248, 243)';

/** Every screen a signed-in reader can open (the admin screens have tests of their own). */
const SCREENS = [
  '/today',
  '/calendar',
  '/books',
  '/books/43',
  '/checklist',
  '/progress',
  '/insights',
  '/notes',
  '/tags',
  '/settings',
  '/settings/reading',
  '/settings/email',
  '/settings/password',
  '/settings/export',
  '/settings/import',
  '/settings/reminder',
  '/settings/sharing',
  '/settings/delete-account',
  '/about',
  '/resources/printable-bible-reading-tracker',
] as const;

/** A date n days before today in the accounts' time zone. */
function daysAgo(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { Origin: baseURL() } });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/** Readings, a tagged note: the charts, the heatmap, the Bible map and tag colours have something to show. */
async function seed(page: Page) {
  for (const [days, start, end] of [
    [3, 101001001, 101003024],
    [1, 143003001, 143003036],
    [0, 119023001, 119023006],
  ] as const) {
    await post(page, '/api/log-entries', { date: daysAgo(days), startVerseId: start, endVerseId: end });
  }
  const tag = await post(page, '/api/passage-note-tags', { label: 'Promises', color: '#f2c94c' });
  await post(page, '/api/passage-notes', {
    content: 'God so **loved** the world.',
    passages: [{ startVerseId: 143003016, endVerseId: 143003016 }],
    tags: [tag.id],
  });
}

/**
 * The page's background at its first frame: an init script records it in the first animation
 * frame, which the browser runs only once the style sheets have loaded, just before painting.
 */
async function recordFirstPaint(page: Page) {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const body = document.body ?? document.documentElement;
      (window as unknown as { firstPaint: string }).firstPaint = getComputedStyle(body).backgroundColor;
    });
  });
}

const firstPaint = (page: Page) => page.waitForFunction(() => (window as unknown as { firstPaint?: string }).firstPaint).then((h) => h.jsonValue());
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('on a dark device', () => {
  let account: Account;
  // One account with data for all screens; each test signs a fresh context in through the API.
  beforeAll(async () => {
    const page = await browser.newPage();
    account = await signUp(page);
    await seed(page);
  });

  async function signedInPage(options: Parameters<typeof browser.newPage>[0] = {}): Promise<Page> {
    const page = await browser.newPage({ colorScheme: 'dark', bypassCSP: true, ...options });
    const response = await page.request.post('/api/auth/login', { data: account, headers: { Origin: baseURL() } });
    expect(response.ok()).toBe(true);
    return page;
  }

  it('paints every signed-in screen dark from the first frame', async () => {
    const page = await signedInPage();
    const errors = collectErrors(page);
    await recordFirstPaint(page);
    for (const path of SCREENS) {
      await page.goto(path);
      expect([path, await firstPaint(page)]).toEqual([path, DARK_BG]);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect([path, await background(page)]).toEqual([path, DARK_BG]);
    }
    expect(errors).toEqual([]);
  }, 300_000);

  it('switches to Light and back without a reload, and follows the device on System', async () => {
    const page = await signedInPage();
    await openScreen(page, '/insights');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

    const choose = async (name: string) => {
      await page.getByRole('button', { name: /^Theme: / }).click();
      await page.getByRole('menuitemradio', { name }).click();
    };
    await choose('Light');
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    await choose('Dark');
    await expect.poll(() => background(page)).toBe(DARK_BG);
    await choose('System');
    expect(await background(page)).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

    // The choice is the account's too: a new browser on a light device starts dark.
    await choose('Dark');
    await expect.poll(async () => (await (await page.request.get('/api/settings')).json()) as { theme: string }).toMatchObject({ theme: 'dark' });
    const other = await signedInPage({ colorScheme: 'light' });
    await recordFirstPaint(other);
    await openScreen(other, '/today');
    await expect.poll(() => background(other)).toBe(DARK_BG);
    // ... and from then on this browser keeps it, from the first frame.
    await other.goto('/books');
    expect(await firstPaint(other)).toBe(DARK_BG);
  }, 120_000);

  it('prints the tracker light on a dark device', async () => {
    const page = await signedInPage();
    await page.addInitScript(() => localStorage.setItem('lamplight:theme', 'dark'));
    await openScreen(page, '/resources/printable-bible-reading-tracker');
    expect(await background(page)).toBe(DARK_BG);
    await page.emulateMedia({ media: 'print' });
    expect(await background(page)).toBe('rgb(255, 255, 255)');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-text').trim())).toBe('#231c15');
  });

  it('keeps a stored Light on a dark device from the first frame', async () => {
    const page = await signedInPage();
    await page.addInitScript(() => localStorage.setItem('lamplight:theme', 'light'));
    await recordFirstPaint(page);
    await page.goto('/today');
    expect(await firstPaint(page)).toBe(LIGHT_BG);
  });

  it('lays out the main screens and the home page in English and Korean, dark, at 390 and 1280 px', async () => {
    const dir = '/tmp/shots-dark';
    mkdirSync(dir, { recursive: true });
    const reader = await signedInPage();
    const visitor = await browser.newPage({ colorScheme: 'dark', bypassCSP: true });
    const readerErrors = collectErrors(reader);
    const visitorErrors = collectErrors(visitor);
    const look = async (page: Page, path: string, name: string) => {
      await openScreen(page, path);
      await page.waitForLoadState('networkidle');
      expect([path, await background(page)]).toEqual([path, DARK_BG]);
      await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
    };
    for (const width of [390, 1280]) {
      await reader.setViewportSize({ width, height: 900 });
      await visitor.setViewportSize({ width, height: 900 });
      for (const lang of ['en', 'ko']) {
        const prefix = lang === 'en' ? '' : `/${lang}`;
        for (const screen of ['today', 'books', 'calendar', 'insights', 'notes', 'settings']) {
          await look(reader, `${prefix}/${screen}`, `${screen}-${lang}-${width}`);
        }
        await look(visitor, prefix || '/', `home-${lang}-${width}`);
      }
    }
    expect([...readerErrors, ...visitorErrors]).toEqual([]);
  }, 300_000);

  for (const theme of ['dark', 'light'] as const) {
    it(`finds no accessibility problem on any screen in the ${theme} theme`, async () => {
      const page = await signedInPage();
      await page.addInitScript((value) => localStorage.setItem('lamplight:theme', value), theme);
      const found: { path: string; violations: unknown }[] = [];
      for (const path of SCREENS) {
        await openScreen(page, path);
        await page.waitForLoadState('networkidle');
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push({ path, violations });
      }
      // A dialog and a toast.
      await openScreen(page, '/tags');
      await page.getByRole('button', { name: 'New tag' }).click();
      await page.getByRole('dialog').waitFor();
      const dialog = await seriousViolations(page);
      if (dialog.length > 0) found.push({ path: '/tags dialog', violations: dialog });
      await page.keyboard.press('Escape');
      await openScreen(page, '/settings/reading');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Reading settings saved.').waitFor();
      const toast = await seriousViolations(page);
      if (toast.length > 0) found.push({ path: '/settings/reading toast', violations: toast });
      expect(found).toEqual([]);
    }, 600_000);
  }
});

it('has the switcher for visitors, on the home page and in the phone menu', async () => {
  const page = await browser.newPage({ colorScheme: 'dark', bypassCSP: true, viewport: { width: 390, height: 844 } });
  await recordFirstPaint(page);
  await page.goto('/');
  expect(await firstPaint(page)).toBe(DARK_BG);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Light' }).click();
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  expect(await seriousViolations(page)).toEqual([]);
});
