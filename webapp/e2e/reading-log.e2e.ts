// The reading log against the real server: /today (keyboard and picker logging, edit, delete,
// suggestions), /calendar (day panel, adding to a past day) and /settings/reading, each scanned
// with axe-core.
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

async function entriesOn(page: Page, date: string): Promise<{ startVerseId: number; endVerseId: number }[]> {
  const response = await page.request.get(`/api/log-entries?from=${date}&to=${date}`);
  return (await response.json()) as { startVerseId: number; endVerseId: number }[];
}

async function openToday(page: Page) {
  await page.goto('/today');
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  // The first round of data is in once the streak shows.
  await page.getByRole('heading', { level: 2, name: 'Streak' }).waitFor();
}

const todayList = (page: Page) => page.getByRole('list', { name: 'Read today' });

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

it('logs "Gen 1; Ps 23" from the keyboard as two entries of 31 and 6 verses', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  const today = await readerToday(page);
  await openToday(page);
  expect(await page.title()).toBe('Today | Lamplight');

  const box = page.getByRole('textbox', { name: 'What did you read?' });
  // Focused on a desktop, so a reader can type at once.
  await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  await box.fill('Gen 1; Ps 23');
  await page.getByText('Total: 37 verses').waitFor();
  await box.press('Enter');
  await page.getByText('Logged Genesis 1; Psalm 23 for today.').waitFor();
  expect(await box.inputValue()).toBe('');
  expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);

  const list = todayList(page);
  await list.getByRole('listitem').nth(1).waitFor();
  const items = await list.getByRole('listitem').allTextContents();
  expect(items).toHaveLength(2);
  expect(items[0]).toContain('Genesis 1');
  expect(items[0]).toContain('31 verses');
  expect(items[0]).toContain('31 new');
  expect(items[1]).toContain('Psalm 23');
  expect(items[1]).toContain('6 verses');
  // Counts and streak refresh at once.
  await page.getByText('37 / 86').waitFor();
  await page.getByText('Today is done.').waitFor();
  expect(await entriesOn(page, today)).toEqual([
    expect.objectContaining({ startVerseId: 101001001, endVerseId: 101001031 }),
    expect.objectContaining({ startVerseId: 119023001, endVerseId: 119023006 }),
  ]);

  // The parser's error names the failing part.
  await box.fill('Gen 1; Jhnn 3');
  await page.getByText('Invalid book name: “Jhnn 3”').waitFor();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

it('logs with the picker: a whole chapter in one tap, and a verse range', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  await signUp(page);
  const today = await readerToday(page);
  await openToday(page);

  await page.getByRole('button', { name: 'Choose from a list' }).click();
  await page.getByRole('button', { name: 'Genesis', exact: true }).click();
  await page.getByRole('heading', { level: 3, name: 'Genesis' }).waitFor();
  await page.getByRole('button', { name: 'Chapter 2', exact: true }).click();
  await page.getByRole('radio', { name: 'let me choose verses' }).check();
  await page.getByRole('button', { name: 'Chapter 3', exact: true }).click();
  await page.getByRole('heading', { level: 3, name: 'Genesis 3' }).waitFor();
  await page.getByRole('button', { name: 'Verse 1', exact: true }).click();
  await page.getByRole('button', { name: 'Verse 5', exact: true }).click();
  expect(await page.getByRole('textbox', { name: 'What did you read?' }).inputValue()).toBe('Genesis 2; Genesis 3:1-5');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Log', exact: true }).click();
  await page.getByText('Logged Genesis 2; Genesis 3:1-5 for today.').waitFor();
  await todayList(page).getByText('Genesis 3:1-5').waitFor();
  expect(await todayList(page).getByRole('listitem').first().textContent()).toContain('25 verses');
  expect(await entriesOn(page, today)).toEqual([
    expect.objectContaining({ startVerseId: 101002001, endVerseId: 101002025 }),
    expect.objectContaining({ startVerseId: 101003001, endVerseId: 101003005 }),
  ]);
});

it('edits an entry with the typed reference and deletes one after a confirm', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  await signUp(page);
  const today = await readerToday(page);
  await openToday(page);
  const box = page.getByRole('textbox', { name: 'What did you read?' });
  await box.fill('Jn 3; Ps 1');
  await box.press('Enter');
  await todayList(page).getByText('Psalm 1').waitFor();

  await page.getByRole('button', { name: 'Actions: John 3' }).click();
  await page.getByRole('menuitem', { name: 'Edit: John 3' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit entry' });
  const passage = dialog.getByRole('textbox', { name: 'Passage' });
  expect(await passage.inputValue()).toBe('John 3');
  await passage.fill('John 3:16');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Changed to John 3:16.').waitFor();
  await todayList(page).getByText('John 3:16').waitFor();
  expect(await todayList(page).getByRole('listitem').first().textContent()).toContain('1 verse');

  await page.getByRole('button', { name: 'Actions: Psalm 1' }).click();
  await page.getByRole('menuitem', { name: 'Delete: Psalm 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this entry?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Deleted Psalm 1.').waitFor();
  await expect.poll(() => todayList(page).getByRole('listitem').count()).toBe(1);
  expect(await entriesOn(page, today)).toEqual([expect.objectContaining({ startVerseId: 143003016, endVerseId: 143003016 })]);
});

it("logs a suggestion for today with its Log button", async () => {
  const page = await browser.newPage({ bypassCSP: true });
  await signUp(page);
  const today = await readerToday(page);
  await openToday(page);
  const suggestions = page.getByRole('list', { name: 'Read next' });
  await suggestions.getByText('Something new in the New Testament').waitFor();
  const open = suggestions.getByRole('link', { name: 'Open: Matthew 1 in Bible Gateway (new tab)' });
  expect(await open.getAttribute('href')).toBe('https://www.biblegateway.com/passage/?search=Matthew%201&version=NASB');
  expect(await open.getAttribute('target')).toBe('_blank');
  expect(await open.getAttribute('rel')).toContain('noopener');

  await suggestions.getByRole('button', { name: 'Log today: Matthew 1' }).click();
  await todayList(page).getByText('Matthew 1').waitFor();
  // Suggestions refresh: Matthew 1 is read, so the New Testament path moves on.
  await suggestions.getByText('Matthew 2', { exact: true }).waitFor();
  expect(await entriesOn(page, today)).toEqual([expect.objectContaining({ startVerseId: 140001001, endVerseId: 140001025 })]);
});

it('opens a calendar day panel and adds to a past day', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  const today = await readerToday(page);
  // Count everything logged since long ago, so a past day counts toward progress.
  const put = await page.request.put('/api/settings', { data: { lookBackDate: '2020-01-01' }, headers: { Origin: baseURL() } });
  expect(put.status()).toBe(200);
  const past = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
  const pastLabel = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${past}T00:00:00Z`));

  await page.goto('/calendar');
  await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
  expect(await page.title()).toBe('Calendar | Lamplight');
  const headers = await page.getByRole('columnheader').allTextContents();
  expect(headers[0]).toContain('Monday');
  // The day may lie in the month before; its button is shown in the first week then, or after "Previous month".
  let day = page.getByRole('button', { name: new RegExp(`^${pastLabel}, nothing read`) });
  if ((await day.count()) === 0) {
    await page.getByRole('button', { name: 'Previous month' }).click();
    day = page.getByRole('button', { name: new RegExp(`^${pastLabel}, nothing read`) });
  }
  await day.first().click();
  const panel = page.getByRole('region', { name: pastLabel });
  await panel.getByText('Nothing logged on this day.').waitFor();
  const box = panel.getByRole('textbox', { name: 'Add a passage for this day' });
  await box.fill('Ps 1');
  await box.press('Enter');
  await panel.getByRole('list').getByText('Psalm 1').waitFor();
  await page.getByRole('button', { name: new RegExp(`^${pastLabel}, 6 new verses, 6 in total`) }).first().waitFor();
  expect(await entriesOn(page, past)).toEqual([expect.objectContaining({ startVerseId: 119001001, endVerseId: 119001006 })]);
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

it("changing the goal in the reading settings changes Today's goal figure", async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Reading settings' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reading settings' }).waitFor();
  expect(await page.title()).toBe('Reading settings | Lamplight');
  const goal = page.getByRole('spinbutton', { name: 'Daily goal (new verses)' });
  expect(await goal.inputValue()).toBe('86');
  await page.getByText('That is the whole Bible in 362 days.').waitFor();
  await goal.fill('50');
  await page.getByText('That is the whole Bible in 623 days.').waitFor();
  await page.getByRole('radio', { name: /Blue Letter Bible/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Reading settings saved.').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('lamplight:preferred-bible-app'))).toBe('blueletterbible');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  await page.getByText('0 / 50').waitFor();
  // Links now open in the app chosen.
  const open = page.getByRole('list', { name: 'Read next' }).getByRole('link').first();
  await open.waitFor();
  expect(await open.getAttribute('href')).toMatch(/^https:\/\/www\.blueletterbible\.org\//);
  expect(errors).toEqual([]);
});

it('renders Today in German with German references and number formats', async () => {
  const page = await browser.newPage({ bypassCSP: true, locale: 'de-DE' });
  await signUp(page, { locale: 'de' });
  await page.goto('/de/today');
  await page.getByRole('heading', { level: 1, name: 'Heute' }).waitFor();
  const box = page.getByRole('textbox', { name: 'Was hast du gelesen?' });
  await box.fill('Joh 3,16-18; Ps 119');
  await page.getByText('Insgesamt: 179 Verse').waitFor();
  await box.press('Enter');
  await page.getByRole('list', { name: 'Heute gelesen' }).getByText('Johannes 3,16-18').waitFor();
  await page.getByText('179 / 86').waitFor();
  await expectAccessible(page);
});
