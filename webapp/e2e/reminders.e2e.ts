// Daily reminders against the real server: a reader turns one on and sees it listed; the email's
// unsubscribe page changes nothing until its button is pressed; the one-click POST of the email's
// List-Unsubscribe header works with no session. The server's scheduler runs every 2 seconds
// here (global-setup), so a reminder set for the next minute arrives within it.
import { request, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';
import { waitForMail } from './support/mail';

const browser = useBrowser();

/** HH:MM in Berlin (the test readers' zone) `seconds` from now. */
function berlinTime(seconds: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + seconds * 1000),
  );
}

async function reminder(page: Page): Promise<{ enabled: boolean; time: string }> {
  const response = await page.request.get('/api/reminders');
  expect(response.status()).toBe(200);
  return (await response.json()) as { enabled: boolean; time: string };
}

/** Turns a reminder on for the coming minute and returns the reminder email's token. */
async function remindedNow(page: Page, email: string): Promise<string> {
  const response = await page.request.put('/api/reminders', {
    data: { enabled: true, time: berlinTime(60), days: [1, 2, 3, 4, 5, 6, 7], onlyIfUnread: true, channels: ['email'] },
    headers: { Origin: baseURL() },
  });
  expect(response.status()).toBe(200);
  const mail = await waitForMail(email, { matching: /^Time to read$/, timeoutMs: 100_000 });
  const token = /\/daily-reminder-unsubscribe\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no unsubscribe link in:\n${mail.text}`);
  expect(mail.text).toContain("Today's goal: 0 of 86 verses read.");
  return token;
}

it('turns a reminder on and lists it', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Set up your reminder' }).click();
  await page.getByRole('heading', { level: 1, name: 'Daily reminder' }).waitFor();
  const summary = page.getByRole('region', { name: 'Your reminder' });
  await summary.getByText('Reminders are off.').waitFor();

  await page.getByRole('checkbox', { name: 'Remind me to read' }).check();
  await page.getByLabel('Time', { exact: true }).fill('06:45');
  await page.getByRole('checkbox', { name: 'Sunday' }).uncheck();
  expect(await page.getByRole('checkbox', { name: "Only if I haven't logged anything today" }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Save reminder' }).click();
  await page.getByText('Reminder saved').waitFor();

  await summary.getByRole('listitem').filter({ hasText: 'On at 06:45, Monday, Tuesday, Wednesday, Thursday, Friday, and Saturday' }).waitFor();
  await summary.getByRole('listitem').filter({ hasText: 'By email' }).waitFor();
  await summary.getByRole('listitem').filter({ hasText: /^Next: / }).waitFor();
  expect(await reminder(page)).toMatchObject({ enabled: true, time: '06:45' });
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

it('unsubscribes from the page after the button, and with a one-click POST without a session', async () => {
  const byPage = await browser.newPage({ bypassCSP: true });
  const oneClick = await browser.newPage();
  const [a, b] = await Promise.all([signUp(byPage), signUp(oneClick)]);
  const [tokenA, tokenB] = await Promise.all([remindedNow(byPage, a.email), remindedNow(oneClick, b.email)]);

  // The page: opening it (as a link scanner would) changes nothing; the button does.
  const errors = collectErrors(byPage);
  await byPage.goto(`/daily-reminder-unsubscribe?token=${tokenA}`);
  await byPage.getByRole('heading', { level: 1, name: 'Stop daily reminders' }).waitFor();
  expect((await reminder(byPage)).enabled).toBe(true);
  expect(await seriousViolations(byPage)).toEqual([]);
  await byPage.getByRole('button', { name: 'Stop reminders' }).click();
  await byPage.getByRole('status').filter({ hasText: 'Reminders are off.' }).waitFor();
  expect((await reminder(byPage)).enabled).toBe(false);
  expect(errors).toEqual([]);

  // RFC 8058: the mail provider POSTs to the List-Unsubscribe URL, with no cookie.
  const anonymous = await request.newContext({ baseURL: baseURL() });
  const response = await anonymous.post(`/api/reminders/unsubscribe?token=${tokenB}`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(response.status()).toBe(204);
  await anonymous.dispose();
  expect((await reminder(oneClick)).enabled).toBe(false);
}, 150_000);
