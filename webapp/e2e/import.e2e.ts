// The import screen against the real server: the exported CSV comes back as already logged, a
// file with two good rows and a bad one previews and imports the two, importing it again adds
// nothing, and a pasted list imports too.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

async function choose(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel('Choose a file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('table', { name: 'Rows of the file' }).waitFor();
}

async function counts(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Rows by status' }).getByRole('listitem').allTextContents();
}

it('previews and imports a CSV once, and a pasted list', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  const entry = { date: '2024-01-03', startVerseId: 143003016, endVerseId: 143003016 };
  expect((await page.request.post('/api/log-entries', { data: entry, headers: { Origin: baseURL() } })).status()).toBe(201);

  await page.goto('/settings/export');
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the reading log (CSV)' }).click()]);
  const exported = await readFile(await saved.path(), 'utf8');
  expect(exported).toBe('2024-01-03,John 3:16\n');

  await page.getByRole('link', { name: 'Import readings from a file or a list' }).click();
  await page.getByRole('heading', { level: 1, name: 'Import readings' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await choose(page, 'exported.csv', exported);
  expect(await counts(page)).toEqual(['New: 0', 'Already logged: 1', 'Invalid: 0']);
  await page.getByRole('button', { name: 'Choose another file' }).click();

  const file = '2024-02-01,Genesis 1\r\n2024-02-02,"Psalm 23"\r\n2024-02-03,Nobook 9\r\n';
  await choose(page, 'three.csv', file);
  expect(await counts(page)).toEqual(['New: 2', 'Already logged: 0', 'Invalid: 1']);
  const bad = page.getByRole('row').filter({ hasText: 'Unknown book name' });
  expect(await bad.getByRole('cell').first().textContent()).toBe('3');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Import new readings (2)' }).click();
  await page.getByText('New readings added: 2.').waitFor();

  const log = await page.request.get('/api/export/log.csv?locale=en');
  expect(await log.text()).toBe('2024-01-03,John 3:16\n2024-02-01,Genesis 1\n2024-02-02,Psalm 23\n');

  await page.getByRole('button', { name: 'Import another file' }).click();
  await choose(page, 'three.csv', file);
  expect(await counts(page)).toEqual(['New: 0', 'Already logged: 2', 'Invalid: 1']);
  expect(await page.getByRole('button', { name: 'Import new readings (0)' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Choose another file' }).click();

  await page.getByRole('textbox', { name: 'Readings, one per line' }).fill('2024-03-01 Gen 2\n3 Mar 2024 - John 4');
  await page.getByRole('button', { name: 'Preview pasted text' }).click();
  await page.getByRole('table', { name: 'Rows of the file' }).waitFor();
  expect(await counts(page)).toEqual(['New: 2', 'Already logged: 0', 'Invalid: 0']);
  await page.getByRole('button', { name: 'Import new readings (2)' }).click();
  await page.getByText('New readings added: 2.').waitFor();
  const after = await page.request.get('/api/export/log.csv?locale=en');
  expect((await after.text()).trim().split('\n')).toHaveLength(5);
  expect(errors).toEqual([]);
});

it('previews on a 390 px phone without page scroll, with the Reason column and the raw line once', async () => {
  for (const [lang, heading, reason] of [
    ['', 'Import readings', 'Reason'],
    ['/uk', 'Імпорт читань', 'Причина'],
  ] as const) {
    const page = await browser.newPage({ bypassCSP: true, viewport: { width: 390, height: 844 } });
    await signUp(page);
    await page.goto(`${lang}/settings/import`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'rows.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('2024-02-01,Genesis 1\r\n2024-02-03,Nobook 9 with a rather long line of words nobody wrote before\r\n'),
    });
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), lang).toBeLessThanOrEqual(0);
    const header = await table.getByRole('columnheader', { name: reason }).boundingBox();
    expect(header, lang).not.toBeNull();
    expect(header!.x + header!.width, lang).toBeLessThanOrEqual(390);
    const bad = table.getByRole('row').filter({ hasText: 'Nobook' });
    const cells = await bad.getByRole('cell').allTextContents();
    expect(cells[2], lang).toBe('2024-02-03');
    expect(cells[3], lang).toBe('Nobook 9 with a rather long line of words nobody wrote before');
    expect(await seriousViolations(page), lang).toEqual([]);
    await page.close();
  }
});
