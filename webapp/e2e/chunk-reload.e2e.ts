import { expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const browser = useBrowser();

it('reloads once when a route chunk fails to load, then shows the error page', async () => {
  const page = await browser.newPage();
  let loads = 0;
  page.on('load', () => loads++);
  // Simulate a deploy that removed the home page's chunk.
  await page.route(/\/assets\/HomePage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/');
  await page.getByText('No error information is available.').waitFor();
  expect(loads).toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem('lamplight:chunk-reload-at'))).toMatch(/^\d+$/);
  // The navigation bar is still there, so the reader can move on.
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
});
