// The reading loop against the real server: /log paged by whole days and filtered, "Just opened"
// after following an Open link, Continue reading; axe-core on the new screens; and a look at /log,
// Today and Insights at phone and desktop widths in three languages (no horizontal scroll).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

async function readerToday(page: Page): Promise<string> {
  const response = await page.request.get('/api/settings');
  const { timeZone } = (await response.json()) as { timeZone?: string };
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

const daysBefore = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function api(page: Page, method: 'POST' | 'PUT', path: string, data: unknown) {
  const response = await page.request.fetch(path, { method, data, headers: { Origin: baseURL() } });
  expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  return response;
}

/**
 * 30 entries over the 12 days up to today (3 on even days, 2 on odd ones): Psalms 1-28, and
 * Genesis 1 and Genesis 1:20-2:3 on the oldest two days.
 */
async function seedLog(page: Page, today: string) {
  await api(page, 'PUT', '/api/settings', { lookBackDate: '2020-01-01' });
  const entries: { date: string; startVerseId: number; endVerseId: number }[] = [
    { date: daysBefore(today, 11), startVerseId: 101001001, endVerseId: 101001031 },
    { date: daysBefore(today, 10), startVerseId: 101001020, endVerseId: 101002003 },
  ];
  let psalm = 1;
  for (let back = 11; back >= 0; back--) {
    const count = (back % 2 === 0 ? 3 : 2) - (back >= 10 ? 1 : 0);
    for (let i = 0; i < count; i++, psalm++) {
      entries.push({ date: daysBefore(today, back), startVerseId: 119000001 + psalm * 1000, endVerseId: 119000001 + psalm * 1000 });
    }
  }
  expect(entries).toHaveLength(30);
  await api(page, 'POST', '/api/log-entries/batch', { entries });
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Follows an Open link (a new tab), closes that tab and comes back, as a reader does. */
async function openAndReturn(page: Page, link: ReturnType<Page['getByRole']>) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.close();
  await page.bringToFront();
  // Headless tabs never lose focus; tell this one it has it again, as the browser does on return.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

it('pages 30 entries over 12 days by whole days, and filters by a passage and by dates', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  const today = await readerToday(page);
  await seedLog(page, today);

  await page.goto('/today');
  await page.getByRole('link', { name: 'View all reading' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reading history' }).waitFor();
  expect(await page.title()).toBe('Reading history | Lamplight');
  await page.getByText('Showing 1–20 of 30 entries').waitFor();
  await page.getByRole('combobox', { name: 'Per page' }).selectOption('10');
  // The first page of at most 10, not the 20 shown before the change.
  await page.getByText(/^Showing 1–([1-9]|10) of 30 entries$/).waitFor();
  await page.waitForURL((url) => url.search === '?size=10');

  // Every day on exactly one page, no page above 10 entries, all 30 seen.
  const seenDays: string[] = [];
  let seenEntries = 0;
  for (let pageNumber = 1; ; pageNumber++) {
    const summary = await page.getByRole('status').filter({ hasText: /^Showing/ }).textContent();
    const [, first, last] = /Showing (\d+)–(\d+) of 30 entries/.exec(summary ?? '') ?? [];
    expect(Number(last) - Number(first) + 1).toBeLessThanOrEqual(10);
    expect(Number(first)).toBe(seenEntries + 1);
    const days = page.locator('main section[aria-labelledby^="day-"]');
    for (const day of await days.all()) {
      seenDays.push((await day.getByRole('heading', { level: 2 }).textContent()) ?? '');
      seenEntries += await day.getByRole('listitem').count();
    }
    expect(seenEntries).toBe(Number(last));
    const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) break;
    await next.click();
    await page.getByText(`Page ${pageNumber + 1} of`).waitFor();
  }
  expect(seenEntries).toBe(30);
  expect(seenDays).toHaveLength(12);
  expect(new Set(seenDays).size).toBe(12);
  await expectAccessible(page);

  const passage = page.getByRole('textbox', { name: 'Passage' });
  await passage.fill('Gen 1');
  await passage.press('Enter');
  await page.getByText('Showing 1–2 of 2 entries').waitFor();
  await page.waitForURL((url) => url.searchParams.get('passage') === '101001001-101001031');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByText(/^Showing 1–\d+ of 30 entries$/).waitFor();
  await page.getByLabel('From').fill(daysBefore(today, 3));
  await page.getByText(/of 10 entries$/).waitFor();
  await page.getByLabel('To').fill(daysBefore(today, 2));
  await page.getByText('Showing 1–5 of 5 entries').waitFor();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

it('offers to log a suggestion opened in the Bible app, for yesterday, and Continue reading goes on from the next verse', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  const today = await readerToday(page);
  const yesterday = daysBefore(today, 1);
  await page.goto('/today');
  await page.getByRole('heading', { level: 2, name: 'Streak' }).waitFor();
  const suggestions = page.getByRole('list', { name: 'Read next' });
  await openAndReturn(page, suggestions.getByRole('link', { name: 'Open: Matthew 1 in Bible Gateway (new tab)' }));

  const offer = page.getByRole('status').filter({ hasText: 'You opened Matthew 1 to read' });
  await offer.waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Log reading' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log reading' });
  expect(await dialog.getByRole('textbox', { name: 'Passage' }).inputValue()).toBe('Matthew 1');
  expect(await dialog.getByLabel('Date').inputValue()).toBe(today);
  await dialog.getByLabel('Date').fill(yesterday);
  await dialog.getByRole('button', { name: 'Log', exact: true }).click();
  await page.getByText(/^Logged Matthew 1 for /).waitFor();
  await offer.waitFor({ state: 'detached' });
  const logged = await page.request.get(`/api/log-entries?from=${yesterday}&to=${yesterday}`);
  expect(await logged.json()).toEqual([expect.objectContaining({ startVerseId: 140001001, endVerseId: 140001025 })]);

  // Never offered twice for one opening.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.getByRole('heading', { level: 2, name: 'Read next' }).waitFor();
  expect(await page.getByText('You opened Matthew 1 to read').count()).toBe(0);

  // Continue reading after John 3:1-16 opens John 3 and offers John 3:17-36.
  await api(page, 'POST', '/api/log-entries', { date: today, startVerseId: 143003001, endVerseId: 143003016 });
  await page.goto('/log');
  await page.getByRole('button', { name: 'Actions: John 3:1-16' }).click();
  const next = page.getByRole('menuitem', { name: 'Continue reading: John 3:17-36 in Bible Gateway (new tab)' });
  expect(await next.getAttribute('href')).toContain('search=John%203');
  await openAndReturn(page, next);
  await page.getByRole('status').filter({ hasText: 'You opened John 3:17-36 to read' }).waitFor();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByText('You opened John 3:17-36 to read').waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
});

it('lays out /log, Today and Insights without horizontal scroll at 390 and 1280 px in en, de and uk', async () => {
  const dir = '/tmp/shots-loop';
  mkdirSync(dir, { recursive: true });
  const page = await browser.newPage();
  await signUp(page);
  const today = await readerToday(page);
  await seedLog(page, today);
  for (const locale of ['en', 'de', 'uk']) {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of ['log', 'today', 'insights']) {
        await page.goto(`${prefix}/${screen}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // The page's data is in once the progress bar is gone.
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${dir}/${screen}-${locale}-${width}.png`, fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${prefix}/${screen} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
  }
  // Eighteen pages on a shared machine.
}, 600_000);
