// Accounts for browser tests: a fresh address per test keeps tests independent.
import type { Page } from 'playwright-core';
import { baseURL } from './browser';
import { codeFrom, waitForMail } from './mail';

export interface Account {
  email: string;
  password: string;
}

export const PASSWORD = 'lamp unto my feet 119';

let counter = 0;

/** A new, never used address: reader-<time>-<n>@example.com. */
export function newEmail(prefix = 'reader'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

async function post(page: Page, path: string, data: unknown) {
  // Same-origin writes: the server refuses cookie-authenticated writes from other sites.
  const response = await page.request.post(path, { data, headers: { Origin: baseURL() } });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return response;
}

/**
 * Creates a verified account through the API (register, read the code from the server log,
 * verify). The page's browser context is signed in afterwards (session cookie).
 */
export async function signUp(
  page: Page,
  { email = newEmail(), password = PASSWORD, locale = 'en' }: Partial<Account> & { locale?: string } = {},
): Promise<Account> {
  await post(page, '/api/auth/register', { email, password, locale, timeZone: 'Europe/Berlin' });
  const code = codeFrom(await waitForMail(email, { matching: /verification code|Bestätigungscode|código|code de vérification|código de verificação|код|인증 코드/i }));
  await post(page, '/api/auth/verify-email', { email, code });
  return { email, password };
}

/** Signs in through the login screen and waits for the page it leads to. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** Logs out with the navigation bar's Log out (English) and waits for the home page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).waitFor();
}
