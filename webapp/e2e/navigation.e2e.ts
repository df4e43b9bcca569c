import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { useBrowser } from './support/browser';

const browser = useBrowser();

for (const [locale, logOut] of [
  ['de', 'Abmelden'],
  ['uk', 'Вийти'],
  ['fr', 'Se déconnecter'],
] as const) {
  it(`fits the signed-in bar into one row at 1280 px in ${locale}`, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(page, { locale });
    await page.goto(`/${locale}/settings`);
    const nav = page.getByRole('navigation', { name: /./ });
    await nav.getByRole('button', { name: logOut }).waitFor();
    const layout = await page.evaluate(() => {
      const items = [...document.querySelectorAll('header nav ul > li')].map((li) => li.getBoundingClientRect());
      const switcher = document.querySelector('header [aria-haspopup="menu"]')!.getBoundingClientRect();
      return {
        pageWidth: document.documentElement.scrollWidth,
        rows: new Set(items.map((r) => Math.round(r.top))).size,
        lastRight: Math.max(...items.map((r) => r.right)),
        switcherLeft: switcher.left,
        switcherRight: switcher.right,
        visible: items.every((r) => r.width > 0 && r.height > 0),
      };
    });
    expect(layout.pageWidth).toBeLessThanOrEqual(1280);
    expect(layout.rows).toBe(1);
    expect(layout.visible).toBe(true);
    expect(layout.lastRight).toBeLessThanOrEqual(layout.switcherLeft);
    expect(layout.switcherRight).toBeLessThanOrEqual(1280);
    expect(await page.getByRole('button', { name: /^(Menü|Меню|Menu)$/ }).isVisible()).toBe(false);
  });
}

it('moves the signed-in items into the menu on a narrower window', async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await signUp(page);
  await page.goto('/settings');
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  const logOut = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' });
  expect(await logOut.isVisible()).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1100);
  await page.getByRole('button', { name: 'Menu' }).click();
  await logOut.click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).waitFor({ state: 'attached' });
});
