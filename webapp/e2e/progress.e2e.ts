// The reader's progress screens against the real server: /books, /books/{book}, /checklist,
// /progress and the printable tracker, with an accessibility scan of each.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

interface BookJson {
  id: number;
  verses: number[];
}
const bible = JSON.parse(readFileSync(new URL('../../modules/bible/data/books.json', import.meta.url), 'utf8')) as BookJson[];
const genesis = bible[0]!.verses;
const GENESIS_VERSES = genesis.reduce((a, b) => a + b, 0); // 1,533
const READ = genesis.slice(0, 25).reduce((a, b) => a + b, 0); // Genesis 1-25
const TOTAL = bible.flatMap((b) => b.verses).reduce((a, b) => a + b, 0); // 31,102
const verseId = (book: number, chapter: number, verse: number) => 100_000_000 + book * 1_000_000 + chapter * 1000 + verse;

/** The one percentage rule (spec §9): hundredths of a percent, rounded down. */
const share = (read: number, total: number) =>
  new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 }).format(Math.floor((read * 10000) / total) / 10000);

async function readerToday(page: Page): Promise<string> {
  const response = await page.request.get('/api/settings');
  const { timeZone } = (await response.json()) as { timeZone?: string };
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** A new reader who read Genesis 1:1-25:34 today (one entry, logged through the batch API). */
async function readerWithGenesis1to25(page: Page): Promise<string> {
  await signUp(page);
  const today = await readerToday(page);
  const entries = [{ date: today, startVerseId: verseId(1, 1, 1), endVerseId: verseId(1, 25, genesis[24]!) }];
  const response = await page.request.post('/api/log-entries/batch', { data: { entries }, headers: { Origin: baseURL() } });
  expect(response.status()).toBe(201);
  return today;
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

it('shows each book with its percentage and filters by testament', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await readerWithGenesis1to25(page);
  await page.goto('/books');
  await page.getByRole('heading', { level: 1, name: 'Bible books' }).waitFor();
  expect(await page.title()).toBe('Bible books | Lamplight');

  const genesisLink = page.getByRole('link', { name: 'Genesis', exact: true });
  expect(await genesisLink.getAttribute('href')).toBe('/books/1');
  expect(await page.locator(`#${await genesisLink.getAttribute('aria-describedby')}`).textContent()).toBe(`${share(READ, GENESIS_VERSES)}, Chapters: 25 / 50`);
  await page.getByRole('heading', { level: 2, name: `${share(READ, TOTAL)} of the Bible read` }).waitFor();
  expect(await page.getByRole('link').filter({ hasText: /./ }).evaluateAll((links) => links.filter((a) => /^\/books\/\d+$/.test(a.getAttribute('href') ?? '')).length)).toBe(66);
  await expectAccessible(page);

  await page.getByRole('radio', { name: 'New Testament' }).check();
  await page.waitForURL((url) => url.search === '?testament=nt');
  await page.getByRole('heading', { level: 2, name: '0% of the New Testament read' }).waitFor();
  expect(await genesisLink.count()).toBe(0);
  await page.getByRole('link', { name: 'Revelation', exact: true }).waitFor();
  expect(errors).toEqual([]);
});

it('shows a book as chapter tiles and logs a whole chapter today', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  const today = await readerWithGenesis1to25(page);
  await page.goto('/books/1');
  await page.getByRole('heading', { level: 1, name: 'Genesis' }).waitFor();
  await page.getByRole('heading', { level: 3, name: 'Genesis 50' }).waitFor();
  expect(await page.getByRole('heading', { level: 3 }).count()).toBe(50);
  const figures = page.locator('header dl');
  await figures.getByText(`${READ} of 1,533`).waitFor();

  const open = page.getByRole('link', { name: 'Open: Genesis 26 in Bible Gateway (opens in a new tab)' });
  expect(await open.getAttribute('href')).toBe('https://www.biblegateway.com/passage/?search=Genesis%2026&version=NASB');
  expect(await open.getAttribute('target')).toBe('_blank');
  expect(await open.getAttribute('rel')).toContain('noopener');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Log today: Genesis 26' }).click();
  await page.getByText('Genesis 26 is logged as read today.').waitFor();
  await figures.getByText(`${(READ + genesis[25]!).toLocaleString('en-US')} of 1,533`).waitFor();
  const tile = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Genesis 26' }) });
  await tile.getByText('Read completely').waitFor();
  await tile.getByText(`Verses: ${genesis[25]} / ${genesis[25]}`).waitFor();

  const logged = await (await page.request.get(`/api/log-entries?from=${today}&to=${today}`)).json();
  expect(logged).toContainEqual(
    expect.objectContaining({ date: today, startVerseId: verseId(1, 26, 1), endVerseId: verseId(1, 26, genesis[25]!) }),
  );
  // The book number and its USFM code both work.
  await page.goto('/books/REV');
  await page.getByRole('heading', { level: 1, name: 'Revelation' }).waitFor();
  expect(errors).toEqual([]);
});

it("logs a chapter from a tile's Log… with another date", async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  const today = await readerWithGenesis1to25(page);
  await page.goto('/books/1');
  await page.getByRole('heading', { level: 3, name: 'Genesis 27' }).waitFor();
  // Log… in a tile's menu opens the editor pre-filled with the chapter and today; the date can change.
  await page.getByRole('button', { name: 'Actions: Genesis 27' }).click();
  await page.getByRole('menuitem', { name: 'Log…: Genesis 27' }).click();
  const editor = page.getByRole('dialog', { name: 'Log reading' });
  await editor.waitFor();
  expect(await editor.getByLabel('Date').inputValue()).toBe(today);
  await expectAccessible(page);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await editor.getByLabel('Date').fill(yesterday);
  await editor.getByRole('button', { name: 'Log', exact: true }).click();
  await editor.waitFor({ state: 'detached' });
  await expect
    .poll(async () => (await (await page.request.get(`/api/log-entries?from=${yesterday}&to=${yesterday}`)).json()) as unknown[])
    .toContainEqual(expect.objectContaining({ startVerseId: verseId(1, 27, 1), endVerseId: verseId(1, 27, genesis[26]!) }));

  expect(errors).toEqual([]);
});

it('toggles a chapter on the checklist and explains chapters read otherwise', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await readerWithGenesis1to25(page);
  await page.goto('/checklist');
  const disclosure = page.getByRole('button', { name: /^Genesis Chapters read/ });
  expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
  await disclosure.click();
  expect(await disclosure.getAttribute('aria-expanded')).toBe('true');
  const cells = page.getByRole('group', { name: 'Genesis' });
  expect(await cells.getByRole('button', { name: /^Genesis \d+, / }).count()).toBe(50);
  await expectAccessible(page);

  const ready = (name: string) => cells.locator(`button[aria-label="${name}"]:not([aria-disabled])`).waitFor();
  await ready('Genesis 27, not read');
  await cells.getByRole('button', { name: 'Genesis 27, not read' }).click();
  await page.getByText('Genesis 27 is logged as read today.').waitFor();
  await ready('Genesis 27, read');
  await cells.getByRole('button', { name: 'Genesis 27, read' }).click();
  await page.getByText('Genesis 27 is no longer logged for today.').waitFor();
  await ready('Genesis 27, not read');

  // Genesis 3 is part of today's longer entry: explained, not changed.
  await cells.getByRole('button', { name: 'Genesis 3, read' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Genesis 3 was read earlier' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await ready('Genesis 3, read');
  expect(errors).toEqual([]);
});

it("offers a chapter's actions on a checklist cell and a book tile, from the keyboard; Delete asks first", async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  const today = await readerWithGenesis1to25(page);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const logged = await page.request.post('/api/log-entries', {
    data: { date: yesterday, startVerseId: verseId(1, 30, 1), endVerseId: verseId(1, 30, 20) },
    headers: { Origin: baseURL() },
  });
  expect(logged.status()).toBe(201);

  await page.goto('/checklist');
  await page.getByRole('button', { name: /^Genesis Chapters read/ }).click();
  const cells = page.getByRole('group', { name: 'Genesis' });
  const actions = cells.getByRole('button', { name: 'Actions: Genesis 30' });
  await actions.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Actions: Genesis 30' });
  await menu.waitFor();
  expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
    'Open in Bible Gateway',
    'Continue reading',
    'Log…',
    'Take a note',
    'View notes',
    'Reading log',
    'Edit entry',
    'Delete entries',
  ]);
  expect(await menu.getByRole('menuitem').first().evaluate((item) => item === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowDown');
  const next = menu.getByRole('menuitem', { name: 'Continue reading: Genesis 30:21-43 in Bible Gateway (opens in a new tab)' });
  expect(await next.evaluate((item) => item === document.activeElement)).toBe(true);
  expect(await next.getAttribute('href')).toContain('search=Genesis%2030');
  // The list stays on screen at a phone's width, whichever column the cell is in.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/shots-loop/checklist-menu-390.png' });
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  expect(await actions.evaluate((button) => button === document.activeElement)).toBe(true);

  await page.keyboard.press('ArrowUp');
  await menu.getByRole('menuitem', { name: 'Delete entries: Genesis 30' }).waitFor();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete the entries of Genesis 30?' });
  await confirm.getByText('1 entry of Genesis 30 will be removed from your log.').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Deleted 1 entry of Genesis 30.').waitFor();
  await cells.getByRole('button', { name: 'Genesis 30, not read' }).waitFor();

  // On a book page the same menu: Genesis 3 is within today's Genesis 1-25, so Edit opens that
  // entry and nothing offers to delete it from here.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/books/1');
  await page.getByRole('button', { name: 'Actions: Genesis 3', exact: true }).click();
  const tileMenu = page.getByRole('menu', { name: 'Actions: Genesis 3', exact: true });
  expect(await tileMenu.getByRole('menuitem', { name: /^Delete/ }).count()).toBe(0);
  await page.screenshot({ path: '/tmp/shots-loop/book-menu-1280.png' });
  await tileMenu.getByRole('menuitem', { name: 'Edit entry: Genesis 3' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit entry' });
  expect(await editor.getByRole('textbox', { name: 'Passage' }).inputValue()).toBe('Genesis 1-25');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await editor.waitFor({ state: 'detached' });
  expect(await page.getByRole('button', { name: 'Actions: Genesis 3', exact: true }).evaluate((button) => button === document.activeElement)).toBe(true);
  expect(errors).toEqual([]);
});

it('offers a fresh read-through on Books, Checklist and Calendar once the whole Bible is read; Dismiss keeps it away', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  const today = await readerToday(page);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  // Counted from yesterday, and every book read yesterday.
  const headers = { Origin: baseURL() };
  expect((await page.request.put('/api/settings', { data: { lookBackDate: yesterday }, headers })).status()).toBe(200);
  const entries = bible.map((book) => ({
    date: yesterday,
    startVerseId: verseId(book.id, 1, 1),
    endVerseId: verseId(book.id, book.verses.length, book.verses[book.verses.length - 1]!),
  }));
  expect((await page.request.post('/api/log-entries/batch', { data: { entries }, headers })).status()).toBe(201);

  const card = page.getByRole('region', { name: 'Whole Bible read' });
  await page.goto('/books');
  await card.getByText(/^You have read the whole Bible since /).waitFor();
  await card.getByRole('button', { name: 'Start a fresh read-through' }).waitFor();
  await expectAccessible(page);
  await page.goto('/calendar');
  await card.waitFor();
  await page.goto('/checklist');
  await card.waitFor();
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await card.waitFor({ state: 'detached' });

  // Dismissed for this read-through: the pages load without it.
  await page.goto('/books');
  await page.getByRole('heading', { level: 2, name: '100% of the Bible read' }).waitFor();
  expect(await card.count()).toBe(0);

  // Today still offers the fresh start; it moves the look-back date to today.
  await page.goto('/today');
  await page.getByRole('button', { name: 'Start a fresh read-through' }).click();
  await page.getByRole('alertdialog', { name: 'Start a fresh read-through?' }).getByRole('button', { name: 'Start again' }).click();
  await page.getByText('A fresh read-through starts today.').waitFor();
  await expect.poll(async () => ((await (await page.request.get('/api/settings')).json()) as { lookBackDate: string }).lookBackDate).toBe(today);
  expect(errors).toEqual([]);
});

it('shows verses read and remaining, outlooks and a goal on the progress page', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await readerWithGenesis1to25(page);
  await page.goto('/progress');
  await page.getByRole('heading', { level: 1, name: 'Progress' }).waitFor();
  const fmt = new Intl.NumberFormat('en-US');
  expect(await page.getByTestId('verses-read').textContent()).toBe(fmt.format(READ));
  expect(await page.getByTestId('verses-remaining').textContent()).toBe(fmt.format(TOTAL - READ));
  expect(await page.getByTestId('percent-read').textContent()).toBe(share(READ, TOTAL));

  // Today's pace: READ verses a day, ceil(remaining / READ) days to go.
  const todayCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Today' }) });
  await todayCard.getByText(fmt.format(READ), { exact: true }).waitFor();
  await todayCard.getByText(fmt.format(Math.ceil((TOTAL - READ) / READ)), { exact: true }).waitFor();
  await expectAccessible(page);

  const goal = page.getByLabel('Finish the Bible by');
  const min = await goal.getAttribute('min'); // tomorrow
  const target = new Date(Date.parse(`${min}T00:00:00Z`) + 99 * 86_400_000).toISOString().slice(0, 10); // 100 days from today
  await goal.fill(target);
  const perDay = Math.ceil((TOTAL - READ) / 100);
  await page.getByText(`Days until`).waitFor();
  await page.getByRole('button', { name: 'Save as my daily goal' }).click();
  await page.getByText(`Your daily goal is now ${fmt.format(perDay)}.`).waitFor();
  const settings = (await (await page.request.get('/api/settings')).json()) as { dailyVerseCountGoal: number };
  expect(settings.dailyVerseCountGoal).toBe(perDay);
  expect(errors).toEqual([]);
});

it('offers the printable tracker without signing in', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await page.goto('/resources/printable-bible-reading-tracker');
  await page.getByRole('heading', { level: 1, name: 'Printable Bible reading tracker' }).waitFor();
  expect(await page.getByRole('heading', { level: 4 }).count()).toBe(66);
  expect(await page.locator('ol[aria-hidden="true"] > li').count()).toBe(1189);
  await page.getByRole('button', { name: 'Print' }).waitFor();
  await expectAccessible(page);

  await page.goto('/uk/resources/printable-bible-reading-tracker');
  await page.getByRole('heading', { level: 1, name: 'Таблиця читання Біблії для друку' }).waitFor();
  await page.getByRole('heading', { level: 4, name: 'Буття' }).waitFor();
  expect(errors).toEqual([]);
});
