// Feedback against the real server: a visitor sends it from /feedback, a reader from the dialog
// on any screen, an admin resolves and archives it on /admin/feedback, and a reader without the
// admin flag is refused there; each screen scanned with axe-core.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newEmail, signIn, signUp } from './support/accounts';
import { grantAdmin } from './support/admin';
import { seriousViolations } from './support/axe';
import { collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

const PAGE_OPTIONS = { bypassCSP: true, reducedMotion: 'reduce' } as const;

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const unique = (text: string) => `${text} (${Math.random().toString(36).slice(2, 8)})`;

it('lets a visitor send feedback with an email address', async () => {
  const page = await browser.newPage(PAGE_OPTIONS);
  const errors = collectErrors(page);
  await page.goto('/feedback');
  await page.getByRole('heading', { level: 1, name: 'Send feedback' }).waitFor();
  await expectAccessible(page);

  // Nothing filled in: the errors show beside the fields.
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await page.getByText('An email address is required so we can answer you').waitFor();
  await expectAccessible(page);

  await page.getByRole('radio', { name: /An idea/ }).check();
  await page.getByRole('textbox', { name: 'Your message' }).fill(unique('A reading plan for Psalms'));
  await page.getByText(/^\d+ of 1,500 characters$/).waitFor();
  const email = newEmail('visitor');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await page.getByRole('heading', { level: 2, name: 'Thank you for your feedback!' }).waitFor();
  await page.getByText(email, { exact: false }).waitFor();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Send more feedback' }).click();
  expect(await page.getByRole('textbox', { name: 'Your message' }).inputValue()).toBe('');
  expect(errors).toEqual([]);
});

it('lets a reader send feedback from the dialog, an admin resolve and archive it, and refuses /admin/feedback to the reader', async () => {
  const reader = await browser.newPage(PAGE_OPTIONS);
  const errors = collectErrors(reader);
  const account = await signUp(reader);
  const message = unique('The calendar skips a day');

  await reader.goto('/tags');
  await reader.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
  await reader.getByRole('button', { name: 'Feedback' }).click();
  const dialog = reader.getByRole('dialog', { name: 'Send feedback' });
  await dialog.waitFor();
  await dialog.getByText(`We’ll reply to ${account.email}.`).waitFor();
  await dialog.getByRole('radio', { name: /Something is wrong/ }).check();
  await dialog.getByRole('textbox', { name: 'Your message' }).fill(message);
  await expectAccessible(reader);

  // Something written: Escape asks first.
  await reader.keyboard.press('Escape');
  const ask = reader.getByRole('alertdialog', { name: 'Discard your feedback?' });
  await ask.getByRole('button', { name: 'Keep writing' }).click();
  await ask.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  const thanks = reader.getByRole('dialog', { name: 'Thank you for your feedback!' });
  await thanks.waitFor();
  await thanks.getByRole('button', { name: 'Close', exact: true }).click();
  await thanks.waitFor({ state: 'detached' });

  // The reader is no admin.
  await reader.goto('/admin/feedback');
  await reader.getByText('You do not have permission to access this page').waitFor();
  expect(await reader.getByRole('heading', { level: 1 }).textContent()).toContain('403');
  expect(errors).toEqual([]);

  // An admin, made with the binary's command, signs in afresh.
  const adminPage = await browser.newPage(PAGE_OPTIONS);
  const admin = await signUp(adminPage, { email: newEmail('admin') });
  await grantAdmin(admin.email);
  const page = await browser.newPage(PAGE_OPTIONS);
  await signIn(page, admin);
  await page.goto('/admin/feedback');
  await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
  const tabs = page.getByRole('tablist', { name: 'Feedback by status' });
  expect(await tabs.getByRole('tab', { name: /^Open/ }).getAttribute('aria-selected')).toBe('true');
  const open = page.getByRole('list', { name: 'Open feedback' }).getByRole('listitem').filter({ hasText: message });
  await open.waitFor();
  await open.getByRole('link', { name: account.email }).waitFor();
  await open.getByText('/tags').waitFor();
  await expectAccessible(page);

  await open.getByRole('button', { name: `Resolve: ${account.email}` }).click();
  await page.getByText('Marked as resolved.').waitFor();
  await open.waitFor({ state: 'detached' });

  await tabs.getByRole('tab', { name: /^Resolved/ }).click();
  const resolved = page.getByRole('list', { name: 'Resolved feedback' }).getByRole('listitem').filter({ hasText: message });
  await resolved.waitFor();
  await resolved.getByRole('button', { name: `Archive: ${account.email}` }).click();
  await page.getByText('Archived.').waitFor();
  await resolved.waitFor({ state: 'detached' });

  await tabs.getByRole('tab', { name: /^Archived/ }).click();
  await page.getByRole('list', { name: 'Archived feedback' }).getByRole('listitem').filter({ hasText: message }).waitFor();
  await expectAccessible(page);
});
