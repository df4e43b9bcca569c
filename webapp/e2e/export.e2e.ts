// The export screen against the real server: the reading log downloads as CSV in the chosen
// language, with an accessibility scan.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

/** Clicks a download link and answers the saved file's name and text. */
async function download(page: Page, name: string): Promise<{ fileName: string; text: string }> {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const path = await saved.path();
  return { fileName: saved.suggestedFilename(), text: await readFile(path, 'utf8') };
}

it('downloads the reading log as CSV in the chosen language', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  const entry = { date: '2024-01-03', startVerseId: 143003016, endVerseId: 143003016 };
  const response = await page.request.post('/api/log-entries', { data: entry, headers: { Origin: baseURL() } });
  expect(response.status()).toBe(201);

  await page.goto('/settings/export');
  await page.getByRole('heading', { level: 1, name: 'Export your data' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  const english = await download(page, 'Download the reading log (CSV)');
  expect(english.fileName).toMatch(/^lamplight-log-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(english.text).toBe('2024-01-03,John 3:16\n');

  await page.getByRole('combobox', { name: 'Language of the book names' }).selectOption('de');
  const german = await download(page, 'Download the reading log (CSV)');
  expect(german.text).toBe('2024-01-03,"Johannes 3,16"\n');
  expect(errors).toEqual([]);
});
