// Insights and sharing against the real server: the heatmap and the whole-Bible map after
// logging, and a progress link that opens signed out and answers 404 once revoked.
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

/** A date n days before today in the accounts' time zone. */
function daysAgo(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

it('shows the heatmap and the Bible map after logging', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  // Genesis 1-2 two days ago, John 3 yesterday.
  for (const data of [
    { date: daysAgo(2), startVerseId: 101001001, endVerseId: 101002025 },
    { date: daysAgo(1), startVerseId: 143003001, endVerseId: 143003036 },
  ]) {
    const response = await page.request.post('/api/log-entries', { data, headers: { Origin: baseURL() } });
    expect(response.status()).toBe(201);
  }

  await page.goto('/today');
  await page.getByRole('navigation').getByRole('link', { name: 'Insights' }).click();
  await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
  const heatmap = page.getByRole('img', { name: /^Reading activity from/ });
  await heatmap.waitFor();
  await heatmap.focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => page.getByText(/: 36 verses$/).count()).toBeGreaterThan(0);

  const map = page.getByTestId('bible-map');
  expect(await map.locator('span[title]').count()).toBe(1189);
  expect(await map.locator('span[title="Genesis 1: read 1 times"]').count()).toBe(1);
  await page.getByText('2 reading days, 3 chapters read at least once.').waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // The Books table: scope, sort and verses or share; it fits a phone in German and Ukrainian
  // (short book names, numeric dates, headers wrapping between words; saved for a look).
  await page.getByLabel(/^Scope/).selectOption({ label: 'New Testament' });
  await page.getByLabel(/^Sort/).selectOption({ label: 'Most recent' });
  await page.getByLabel(/^Show/).selectOption({ label: 'Verses read' });
  const books = page.getByRole('table', { name: 'Books' });
  await books.getByRole('row', { name: /^John .* 36 1$/ }).waitFor();
  expect(await books.getByRole('row', { name: /^Genesis/ }).count()).toBe(0);
  expect(await books.getByRole('row').nth(1).getByRole('rowheader').textContent()).toBe('John');
  await page.getByLabel(/^Period/).selectOption({ label: '14 days' });
  await page.getByText(/over 14 days/).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, caption] of [
    ['/de/insights', 'Bücher'],
    ['/uk/insights', 'Книги'],
    ['/insights', 'Books'],
  ] as const) {
    await page.goto(path);
    const table = page.getByRole('table', { name: caption, exact: true });
    await table.locator('tbody tr').nth(65).waitFor();
    await page.screenshot({ path: `/tmp/shots-loop/insights-books${path.replace(/\//g, '-')}-390.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    expect(await table.evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0)), `${path} books table`).toBe(true);
  }

  await page.goto('/insights');
  await page.getByTestId('bible-map').locator('span[title="John 3: read 1 times"]').click();
  await page.waitForURL('**/books/43');
  expect(errors).toEqual([]);
});

it('shares a progress link that opens signed out, is shown again after a reload, and answers 404 once revoked', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  await signUp(page);
  const response = await page.request.post('/api/log-entries', {
    data: { date: daysAgo(0), startVerseId: 157001001, endVerseId: 157001025 },
    headers: { Origin: baseURL() },
  });
  expect(response.status()).toBe(201);

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Calendar feed and progress link' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sharing' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  const section = page.getByRole('region', { name: 'Progress link' });
  await section.getByRole('button', { name: 'Create link' }).click();
  const url = await section.getByRole('textbox', { name: 'Your link' }).inputValue();
  expect(url).toMatch(/\/share\/progress\/[\w-]+$/);

  // After a reload the same link is shown again, without making a new one.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Sharing' }).waitFor();
  await page.getByRole('region', { name: 'Progress link' }).getByText(/^Active since/).waitFor();
  expect(await section.getByRole('textbox', { name: 'Your link' }).inputValue()).toBe(url);

  const visitor = await browser.newPage();
  const opened = await visitor.goto(url);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['x-robots-tag']).toContain('noindex');
  await visitor.getByText('% of the Bible read').waitFor();
  await visitor.getByRole('row', { name: /Philemon 100%/ }).waitFor();

  await section.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
  await section.getByText('No link yet.').waitFor();
  const after = await visitor.goto(url);
  expect(after?.status()).toBe(404);
});
