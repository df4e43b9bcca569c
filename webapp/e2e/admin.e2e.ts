// The admin pages against the real server: an admin searches users as they type, opens one,
// grants admin (with a confirmation) and finds the line in the audit log, then opens engagement
// and switches the range; a reader without the admin flag gets 403 on each admin page. Every
// screen is scanned with axe-core and checked for horizontal overflow at 390 px, and in
// Ukrainian (long words) at 1280 px, where the Feedback button must not cover a table.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newEmail, signIn, signUp } from './support/accounts';
import { grantAdmin } from './support/admin';
import { seriousViolations } from './support/axe';
import { collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

const PAGE_OPTIONS = { bypassCSP: true, reducedMotion: 'reduce' } as const;
const ADMIN_PAGES = ['/admin/users', '/admin/users/report', '/admin/engagement'];
// Each test scans many screens with axe, which takes a while on a busy machine.
const SCANNING = 180_000;

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

it('lets an admin find a user, make them an admin, see the audit line and read engagement', async () => {
  const readerPage = await browser.newPage(PAGE_OPTIONS);
  const reader = await signUp(readerPage, { email: newEmail('findme') });
  const adminPage = await browser.newPage(PAGE_OPTIONS);
  const admin = await signUp(adminPage, { email: newEmail('admin') });
  await grantAdmin(admin.email);

  const page = await browser.newPage(PAGE_OPTIONS);
  const errors = collectErrors(page);
  await signIn(page, admin);
  await page.goto('/admin/users');
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();

  // Search as you type: part of the address narrows the list to the reader.
  await page.getByRole('searchbox', { name: 'Search by email' }).fill(reader.email.slice(0, 16));
  const row = page.getByRole('button', { name: reader.email });
  await row.waitFor();
  await page.getByText(/^1–1 of 1$/).waitFor();
  await expectAccessible(page);

  await page.getByLabel('Sort by').selectOption('entries');
  await row.waitFor();
  await row.click();
  const detail = page.getByRole('region', { name: reader.email });
  await detail.getByText('Log entries').waitFor();
  await expectAccessible(page);

  await detail.getByRole('button', { name: 'Make admin' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Make ${reader.email} an admin?` });
  await dialog.getByRole('button', { name: 'Make admin' }).click();
  await page.getByText(`${reader.email} is now an admin.`).waitFor();
  await detail.getByRole('button', { name: 'Remove admin' }).waitFor();

  // The audit log on the report names who did what to whom.
  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Users report' }).click();
  await page.getByRole('heading', { level: 1, name: 'Users report' }).waitFor();
  await page.getByRole('listitem').filter({ hasText: `${admin.email} made an admin: ${reader.email}` }).waitFor();
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Engagement' }).click();
  await page.getByRole('heading', { level: 1, name: 'Engagement' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Retention by signup week' }).waitFor();
  expect(await page.getByLabel('Range').inputValue()).toBe('30');
  await page.getByLabel('Range').selectOption('7');
  await page.waitForURL((url) => url.searchParams.has('from'));
  // A heading row and seven days, once the 30 days shown before are replaced.
  const active = page.getByRole('table', { name: 'Active readers as a table' });
  await active.getByRole('row').nth(8).waitFor({ state: 'detached' });
  expect(await active.getByRole('row').count()).toBe(8);
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoOverflow(page);
    await expectAccessible(page);
  }
  expect(errors).toEqual([]);
}, SCANNING);

/** The elements wider than the viewport, to say what overflows when something does. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}: ${Math.round(element.getBoundingClientRect().right)}`)
      .slice(0, 10);
  });
}

it('shows every admin page in Ukrainian at 1280 px without horizontal scroll, the Feedback button clear of the tables', async () => {
  const adminPage = await browser.newPage(PAGE_OPTIONS);
  const admin = await signUp(adminPage, { email: newEmail('uk-admin'), locale: 'uk' });
  await grantAdmin(admin.email);

  const page = await browser.newPage({ ...PAGE_OPTIONS, viewport: { width: 1280, height: 800 } });
  const errors = collectErrors(page);
  await signIn(page, admin);
  const headings = {
    '/uk/admin/users': 'Користувачі',
    '/uk/admin/users/report': 'Звіт про користувачів',
    '/uk/admin/engagement': 'Залученість',
    '/uk/admin/feedback': 'Відгуки',
  };
  for (const [path, heading] of Object.entries(headings)) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.getByRole('navigation', { name: 'Сторінки адміністратора' }).getByRole('link', { name: heading, exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
    // Whatever loads (tables, charts, the audit log) is in before the page is measured.
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    const scroll = await page.evaluate(() => {
      const root = document.scrollingElement!;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    expect({ path, ...scroll, overflowing: scroll.scrollWidth > scroll.clientWidth ? await overflowing(page) : [] }).toEqual({
      path,
      scrollWidth: scroll.clientWidth,
      clientWidth: scroll.clientWidth,
      overflowing: [],
    });

    // At the top and scrolled to the end, the button overlaps no table.
    const button = page.getByRole('button', { name: 'Відгук' });
    for (const to of ['top', 'end'] as const) {
      if (to === 'end') await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      for (const [index, table] of (await page.getByRole('table').all()).entries()) {
        const t = await table.boundingBox();
        if (!t || !box) continue;
        const overlaps = box.x < t.x + t.width && t.x < box.x + box.width && box.y < t.y + t.height && t.y < box.y + box.height;
        expect({ path, to, table: index, overlaps }).toEqual({ path, to, table: index, overlaps: false });
      }
    }
    await expectAccessible(page);
  }
  expect(errors).toEqual([]);
}, SCANNING);

it('answers 403 on every admin page to a reader', async () => {
  const page = await browser.newPage(PAGE_OPTIONS);
  await signUp(page);
  for (const path of [...ADMIN_PAGES, '/admin/feedback']) {
    await page.goto(path);
    await page.getByText('You do not have permission to access this page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('403');
  }
});
