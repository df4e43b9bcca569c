// About and policy pages against the real server: reached from the navigation and the footer in
// several languages, in-app links keeping the language, an unknown page answered with the 404
// page, each page scanned with axe-core on a phone and a laptop.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

const PAGE_OPTIONS = { bypassCSP: true, reducedMotion: 'reduce' } as const;
const PHONE = { width: 390, height: 844 };

interface ContentAnswer {
  title: string;
  description: string;
  pages: { slug: string; title: string; path: string }[];
}

/** What the server says a page is called, so the checks follow the texts as they are edited. */
async function content(page: Page, locale: string, section: string, slug: string): Promise<ContentAnswer> {
  const response = await page.request.get(`/_content/${locale}/${section}/${slug}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ContentAnswer;
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

it('opens the overview from the navigation’s About, in English and in Ukrainian', async () => {
  const page = await browser.newPage(PAGE_OPTIONS);
  const errors = collectErrors(page);
  for (const [locale, home, about, sectionNav] of [
    ['en', '/', 'About', 'Pages about Lamplight'],
    ['uk', '/uk', 'Про застосунок', 'Сторінки про Lamplight'],
  ] as const) {
    const overview = await content(page, locale, 'about', 'overview');
    await page.goto(home);
    await page.getByRole('navigation', { name: locale === 'en' ? 'Main' : 'Головна навігація' }).getByRole('link', { name: about }).click();
    await page.getByRole('heading', { level: 1, name: overview.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(locale === 'en' ? '/about' : '/uk/about');
    expect(await page.title()).toBe(`${overview.title} | Lamplight`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(overview.description);
    const current = page.getByRole('navigation', { name: sectionNav }).locator('a[aria-current="page"]');
    expect(await current.textContent()).toBe(overview.pages.find((p) => p.slug === 'overview')!.title);
    await expectAccessible(page);
  }
  expect(errors).toEqual([]);
});

it('opens the FAQ and the privacy policy in German, links staying in German', async () => {
  const page = await browser.newPage(PAGE_OPTIONS);
  const errors = collectErrors(page);
  const faq = await content(page, 'de', 'about', 'faq');
  const privacy = await content(page, 'de', 'policy', 'privacy');

  await page.goto('/de/about/faq');
  await page.getByRole('heading', { level: 1, name: faq.title }).waitFor();
  expect(await page.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(12);
  const article = page.getByRole('article');
  const inApp = await article.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(inApp.length).toBeGreaterThan(0);
  for (const href of inApp) expect(href).toMatch(/^\/de\//);
  await expectAccessible(page);

  // The footer's Datenschutz, without reloading the page.
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
  await page.getByRole('heading', { level: 1, name: privacy.title }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/de/policy/privacy');
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  // The plans module's own entry (modules/plans/policy/de.md): its row, and its link in the deletion list.
  await article.getByRole('cell', { name: /^Lesepläne: / }).waitFor();
  expect(await article.getByRole('link', { name: 'Lesepläne', exact: true }).getAttribute('href')).toMatch(/^#/);
  await expectAccessible(page);

  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

it('shows the 404 page for an unknown about page', async () => {
  const page = await browser.newPage(PAGE_OPTIONS);
  await page.goto('/about/no-such-page');
  await page.getByText('This page could not be found').waitFor();
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('404');
  await expectAccessible(page);
});
