// What a new reader meets: outlooks that make sense on day one, one percentage on every screen,
// "Psalm 23" for one psalm, and the welcome (completed or skipped, once), each scanned with axe-core.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

/** The one percentage rule (spec §9): hundredths of a percent, rounded down. */
const share = (read: number, total: number) =>
  new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 }).format(Math.floor((read * 10000) / total) / 10000);

async function readerToday(page: Page): Promise<string> {
  const response = await page.request.get('/api/settings');
  const { timeZone } = (await response.json()) as { timeZone?: string };
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

async function log(page: Page, date: string, startVerseId: number, endVerseId: number) {
  const response = await page.request.post('/api/log-entries', { data: { date, startVerseId, endVerseId }, headers: { Origin: baseURL() } });
  expect(response.status()).toBe(201);
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

it('starts a new reader today and says it is too early instead of printing far-off dates', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  const today = await readerToday(page);
  const settings = (await (await page.request.get('/api/settings')).json()) as { lookBackDate: string; welcomeDone: boolean };
  expect(settings).toMatchObject({ lookBackDate: today, welcomeDone: false });
  // Exodus 1 (22 verses) and Exodus 2:1-10: 32 verses on day one.
  await log(page, today, 102001001, 102001022);
  await log(page, today, 102002001, 102002010);

  await page.goto('/progress');
  await page.getByRole('heading', { level: 1, name: 'Progress' }).waitFor();
  const tooEarly = page.getByText('Too early to tell: after 7 days of reading, this shows where your pace leads.');
  await tooEarly.first().waitFor();
  expect(await tooEarly.count()).toBe(3);
  // Today's pace: 32 verses a day, ceil(31,070 / 32) = 971 days.
  const todayCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Today' }) });
  await todayCard.getByText('971', { exact: true }).waitFor();
  expect(await page.locator('main').textContent()).not.toMatch(/\b2[1-9]\d\d\b|\b[3-9]\d{3}\b/);
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

it('shows the same percentage on /books, the book page, /progress and Today', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  const today = await readerToday(page);
  // Exodus 1:1-2:1 (23 of Exodus's 1,213 verses and of the Bible's 31,102).
  await log(page, today, 102001001, 102002001);
  const bible = share(23, 31102);
  const exodus = share(23, 1213);
  expect(bible).toBe('0.07%');

  await page.goto('/books');
  await page.getByRole('heading', { level: 2, name: `${bible} of the Bible read` }).waitFor();
  const exodusLink = page.getByRole('link', { name: 'Exodus', exact: true });
  expect(await page.locator(`#${await exodusLink.getAttribute('aria-describedby')}`).textContent()).toMatch(new RegExp(`^${exodus.replace('.', '\\.')},`));

  await page.goto('/books/2');
  await page.getByRole('heading', { level: 1, name: 'Exodus' }).waitFor();
  await page.locator('header').getByText(exodus, { exact: true }).waitFor();

  await page.goto('/progress');
  await expect.poll(() => page.getByTestId('percent-read').textContent()).toBe(bible);

  await page.goto('/today');
  await page.getByRole('link', { name: `${bible} of the Bible read` }).waitFor();
  expect(errors).toEqual([]);
});

it('names one psalm "Psalm 23" in the toast, the entry list and the delete dialog', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  await page.goto('/today');
  await page.getByRole('heading', { level: 2, name: 'Streak' }).waitFor();
  const box = page.getByRole('textbox', { name: 'What did you read?' });
  await box.fill('Ps 23; Ps 24-25');
  await box.press('Enter');
  await page.getByText('Logged Psalm 23; Psalms 24-25 for today.').waitFor();
  const list = page.getByRole('list', { name: 'Read today' });
  await list.getByText('Psalm 23', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Actions: Psalm 23' }).click();
  await page.getByRole('menuitem', { name: 'Delete: Psalm 23' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(/Psalm 23\b/).waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Deleted Psalm 23.').waitFor();
  expect(errors).toEqual([]);
});

it('welcomes a new reader once: the choices are saved when completed', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  await page.goto('/today');
  const welcome = page.getByRole('region', { name: 'Welcome to Lamplight' });
  await welcome.waitFor();
  await welcome.getByText('86 new verses a day').waitFor();
  await expectAccessible(page);
  await welcome.getByRole('radio', { name: 'My own pace' }).check();
  await welcome.getByRole('spinbutton', { name: 'Verses a day' }).fill('40');
  await welcome.getByText('40 new verses a day').waitFor();
  await welcome.getByRole('combobox', { name: 'Bible version' }).selectOption('ESV');
  await welcome.getByRole('combobox', { name: 'Open passages in' }).selectOption('blueletterbible');
  await welcome.getByRole('button', { name: 'Start reading' }).click();
  await welcome.waitFor({ state: 'detached' });
  const settings = (await (await page.request.get('/api/settings')).json()) as Record<string, unknown>;
  expect(settings).toMatchObject({ dailyVerseCountGoal: 40, preferredBibleVersion: 'ESV', preferredBibleApp: 'blueletterbible', welcomeDone: true });
  await page.reload();
  await page.getByRole('heading', { level: 2, name: 'Streak' }).waitFor();
  expect(await page.getByRole('region', { name: 'Welcome to Lamplight' }).count()).toBe(0);
  expect(errors).toEqual([]);
});

it('welcome offers a reminder, saved when chosen', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  await page.goto('/today');
  const welcome = page.getByRole('region', { name: 'Welcome to Lamplight' });
  const remind = welcome.getByRole('checkbox', { name: 'Email me a reminder on days I have not read yet' });
  await remind.waitFor();
  expect(await remind.isChecked()).toBe(false);
  await remind.check();
  await welcome.getByLabel('Time of the reminder', { exact: true }).fill('06:45');
  await expectAccessible(page);
  await welcome.getByRole('button', { name: 'Start reading' }).click();
  await welcome.waitFor({ state: 'detached' });
  const reminder = (await (await page.request.get('/api/reminders')).json()) as Record<string, unknown>;
  expect(reminder).toMatchObject({ enabled: true, time: '06:45', days: [1, 2, 3, 4, 5, 6, 7], onlyIfUnread: true, channels: ['email'] });
  expect(errors).toEqual([]);
});

it('welcomes a new reader once: skipping keeps the defaults', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  await page.goto('/today');
  const welcome = page.getByRole('region', { name: 'Welcome to Lamplight' });
  await welcome.getByRole('button', { name: 'Skip for now' }).click();
  await welcome.waitFor({ state: 'detached' });
  const settings = (await (await page.request.get('/api/settings')).json()) as Record<string, unknown>;
  expect(settings).toMatchObject({ dailyVerseCountGoal: 86, welcomeDone: true });
  // Skipping sets no reminder.
  expect(await (await page.request.get('/api/reminders')).json()).toMatchObject({ enabled: false });
  expect(errors).toEqual([]);
});

it('has no serious accessibility issue on the reader screens in German and Ukrainian at phone width', async () => {
  const page = await browser.newPage({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const errors = collectErrors(page);
  for (const locale of ['de', 'uk']) {
    await signUp(page, { locale });
    const today = await readerToday(page);
    await log(page, today, 119023001, 119023006);
    for (const path of ['/today', '/books/19', '/progress', '/calendar', '/notes']) {
      await page.goto(`/${locale}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect({ path: `/${locale}${path}`, violations: await seriousViolations(page) }).toEqual({ path: `/${locale}${path}`, violations: [] });
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  }
  expect(errors).toEqual([]);
  // Ten pages scanned by axe-core (Psalms has 150 chapter tiles) on a shared machine.
}, 240_000);
