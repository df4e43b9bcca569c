// Reading plans against the real server: start M'Cheyne from the Plans page, log today's readings
// from Today one tap at a time until the day is complete; the plans' screens pass axe and fit a
// phone and a desktop in English, German and Ukrainian (screenshots under /tmp/shots-plans).
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();
const SHOTS = '/tmp/shots-plans';

async function noHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
}

it("starts M'Cheyne, logs today's readings from Today and sees the day complete", async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);

  await page.goto('/today');
  await page.getByRole('navigation').getByRole('link', { name: 'Plans' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reading plans' }).waitFor();
  await page.getByRole('heading', { name: 'No plan yet' }).waitFor();
  await page.getByRole('list', { name: 'Library' }).getByRole('heading', { name: /M.Cheyne/ }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /^Start M.Cheyne/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Start M.Cheyne/ });
  await dialog.getByRole('button', { name: 'Start plan' }).click();
  await page.getByRole('heading', { level: 1, name: /M.Cheyne/ }).waitFor();
  const day1 = page.getByRole('listitem', { name: /^Day 1\b/ });
  await day1.getByText('Today · Open').waitFor();
  expect(await day1.getAttribute('aria-current')).toBe('date');
  expect(await day1.getByRole('button', { name: /^Log: / }).count()).toBe(4);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('navigation').getByRole('link', { name: 'Today' }).click();
  const section = page.getByRole('region', { name: 'From your plans' });
  const plan = section.getByRole('listitem', { name: /^Day 1 of M.Cheyne/ });
  const logs = plan.getByRole('button', { name: /^Log: / });
  await logs.first().waitFor();
  expect(await logs.count()).toBe(4);
  expect(await seriousViolations(page)).toEqual([]);

  // One of today's readings, then the others, one tap each.
  for (let left = 4; left > 0; left--) {
    await logs.first().click();
    await expect.poll(() => logs.count(), { timeout: 15_000 }).toBe(left - 1);
    if (left > 1) expect(await plan.getByText('Day complete').count()).toBe(0);
  }
  await plan.getByText('Day complete').waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/plans');
  const mine = page.getByRole('list', { name: 'My plans' });
  await mine.getByRole('progressbar', { name: 'Days' }).waitFor();
  expect(await mine.getByRole('progressbar', { name: 'Days' }).getAttribute('aria-valuenow')).toBe('1');
  expect(errors).toEqual([]);
});

// Eighteen pages, each photographed whole (and a phone's in parts): minutes on a loaded machine.
it('fits a phone and a desktop in English, German and Ukrainian', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await browser.newPage({ bypassCSP: true });
  await signUp(page);
  const templates = await (await page.request.get('/api/reading-plans/templates')).json();
  expect(templates.map((t: { id: string }) => t.id)).toContain('mcheyne');
  // Started two days ago and nothing read: the plan page shows the catch-up choices.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const started = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/reading-plans', {
    data: { template: 'mcheyne', startDate: started },
    headers: { Origin: baseURL() },
  });
  const id = created.ok() ? ((await created.json()) as { id: string }).id : '';
  expect(id, await created.text()).not.toBe('');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [lng, prefix] of [
      ['en', ''],
      ['de', '/de'],
      ['uk', '/uk'],
    ] as const) {
      for (const [name, path, ready] of [
        ['plans', '/plans', '#plans-mine ~ ul [role=progressbar]'],
        ['plan', `/plans/${id}`, '[aria-current=date]'],
        ['today', '/today', '#today-plans-heading'],
      ] as const) {
        await page.goto(`${prefix}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SHOTS}/${name}-${lng}-${width}.png`, fullPage: true });
        // A phone's long page also in screen-high parts, to look at in full size.
        if (width === 390) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let part = 0; part * 1200 < height; part++) {
            const clip = { x: 0, y: part * 1200, width, height: Math.min(1200, height - part * 1200) };
            await page.screenshot({ path: `${SHOTS}/${name}-${lng}-${width}-part${part + 1}.png`, fullPage: true, clip });
          }
        }
        await noHorizontalScroll(page, `${prefix}${path} at ${width} px`);
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/plans/${id}`);
  await page.getByRole('region', { name: "Let's find your pace" }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
}, 300_000);
