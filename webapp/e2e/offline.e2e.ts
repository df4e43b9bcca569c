// Offline first against the real server: a reader who opened the app once logs passages and
// writes a note with no network, sees them and the goal ring at once, and the server gets each
// change exactly once when the network returns, even when an answer is lost and the change is
// sent again. A change the server refuses is shown with its reason. Where the browser has
// Background Sync, the service worker sends the queue with no page open.
import type { CDPSession, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { baseURL, useBrowser } from './support/browser';

const browser = useBrowser();

/** Reads one of the app's IndexedDB stores in the page: its keys and values. */
function offlineStore(page: Page, store: 'answers' | 'queue'): Promise<{ key: string; value: unknown }[]> {
  return page.evaluate(async (name) => {
    // Opening a database that does not exist yet would create it empty: look first.
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('lamplight-offline')) return [];
    return new Promise<{ key: string; value: unknown }[]>((resolve) => {
      const open = indexedDB.open('lamplight-offline');
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const database = open.result;
        if (!database.objectStoreNames.contains(name)) {
          database.close();
          resolve([]);
          return;
        }
        const tx = database.transaction(name);
        const keys = tx.objectStore(name).getAllKeys();
        const values = tx.objectStore(name).getAll();
        tx.oncomplete = () => {
          database.close();
          resolve(keys.result.map((key, i) => ({ key: String(key), value: values.result[i] })));
        };
      };
    });
  }, store);
}

/** Which of the answers the app keeps for offline (written when the browser is idle) are not stored yet. */
async function notKeptYet(page: Page, wanted: string[]): Promise<string[]> {
  const stored = (await offlineStore(page, 'answers')).map(({ key }) => key);
  return wanted.filter((key) => !stored.some((k) => k === key || k.startsWith(`${key}?`)));
}

/** Opens /today and /notes online until the service worker controls the page and the reader's data is kept. */
async function openOnce(page: Page) {
  await page.goto('/notes');
  await page.getByRole('heading', { level: 1, name: 'Notes' }).waitFor();
  // Answers are kept when the browser is idle: a full page load before that would lose them.
  await expect.poll(() => notKeptYet(page, ['/auth/user', '/passage-notes', '/passage-note-tags']), { timeout: 30_000 }).toEqual([]);
  await page.goto('/today');
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Streak' }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => notKeptYet(page, ['log', '/settings']), { timeout: 30_000 }).toEqual([]);
}

async function goOfflineAndReload(page: Page) {
  await page.context().setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  await page.getByRole('status').getByText('Offline').waitFor();
}

async function logPassage(page: Page, passage: string, shown: string) {
  const box = page.getByRole('textbox', { name: 'What did you read?' });
  await box.fill(passage);
  await box.press('Enter');
  await page.getByText(`Logged ${shown} for today.`).first().waitFor();
}

async function readerToday(page: Page): Promise<string> {
  const response = await page.request.get('/api/settings');
  const { timeZone } = (await response.json()) as { timeZone?: string };
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** What another device does: a request with the reader's session, outside this browser. */
async function elsewhere(page: Page, method: string, path: string): Promise<Response> {
  const cookies = await page.context().cookies();
  return fetch(`${baseURL()}${path}`, {
    method,
    headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), Origin: baseURL() },
  });
}

it('logs three passages and writes a note offline, shows them, and syncs each once', async () => {
  const page = await browser.newPage();
  await signUp(page);
  await openOnce(page);
  await goOfflineAndReload(page);

  await logPassage(page, 'Gen 1', 'Genesis 1');
  await logPassage(page, 'Ps 23', 'Psalm 23');
  await logPassage(page, 'Jn 3:16-18', 'John 3:16-18');
  const today = page.getByRole('list', { name: 'Read today' });
  await today.getByRole('listitem').nth(2).waitFor();
  expect(await today.getByRole('listitem').count()).toBe(3);
  // The goal ring, computed in the browser from the local log: 31 + 6 + 3 verses.
  await page.getByText('40 / 86').waitFor();
  await page.getByRole('status').getByText('3 changes waiting to sync').waitFor();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }).click();
  await page.getByRole('heading', { level: 1, name: 'Notes' }).waitFor();
  await page.getByRole('button', { name: 'New note' }).click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Written on the train');
  await dialog.getByRole('textbox', { name: 'Passages' }).fill('Jn 3:16');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await page.getByText('Written on the train').first().waitFor();
  await page.getByRole('status').getByText('4 changes waiting to sync').waitFor();

  // Each change waits with its Idempotency-Key; every try sends that key again.
  const queued = (await offlineStore(page, 'queue')).map(({ value }) => value as { method: string; path: string; key: string; body?: unknown });
  expect(queued.map((change) => `${change.method} ${change.path}`)).toEqual(['POST /log-entries/batch', 'POST /log-entries/batch', 'POST /log-entries/batch', 'POST /passage-notes']);

  await page.context().setOffline(false);
  await page.getByText(/waiting to sync/).waitFor({ state: 'detached', timeout: 60_000 });

  // A try whose answer was lost reaches the server again: it answers as the first time and writes nothing.
  const retry = await page.request.post(`/api${queued[0]!.path}`, { data: queued[0]!.body, headers: { 'Idempotency-Key': queued[0]!.key, Origin: baseURL() } });
  expect(retry.status()).toBe(201);
  expect(retry.headers()['idempotent-replayed']).toBe('true');

  const entries = (await (await page.request.get('/api/log-entries')).json()) as { startVerseId: number; endVerseId: number }[];
  expect(entries.map((e) => [e.startVerseId, e.endVerseId]).sort()).toEqual([
    [101001001, 101001031],
    [119023001, 119023006],
    [143003016, 143003018],
  ]);
  const notes = (await (await page.request.get('/api/passage-notes')).json()) as { size: number; results: { content: string }[] };
  expect(notes.size).toBe(1);
  expect(notes.results[0]!.content).toBe('Written on the train');

  // Back on /today, the server's figures agree with what was shown offline.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
  await page.getByText('40 / 86').waitFor();
});

it('computes the streak and Read next in the browser after logging offline', async () => {
  const page = await browser.newPage();
  await signUp(page);
  await openOnce(page);
  const next = page.getByRole('region', { name: 'Read next' });
  await next.getByText('Genesis 1', { exact: true }).waitFor();
  await goOfflineAndReload(page);

  await logPassage(page, 'Gen 1', 'Genesis 1');
  // The server's rules, run on the local log: a streak of one day, and Genesis moves on.
  const streak = page.getByRole('region', { name: 'Streak' });
  await streak.getByText('Today is done.').waitFor();
  await streak.getByText('Current streak: 1 day', { exact: true }).waitFor();
  await next.getByText('Genesis 2', { exact: true }).waitFor();
  expect(await next.getByText('Genesis 1', { exact: true }).count()).toBe(0);
  await page.context().setOffline(false);
  await page.getByText(/waiting to sync/).waitFor({ state: 'detached', timeout: 60_000 });
});

it('shows a change the server refuses while syncing, with its reason, until dismissed', async () => {
  const page = await browser.newPage();
  await signUp(page);
  const created = await page.request.post('/api/log-entries', { data: { date: await readerToday(page), startVerseId: 101001001, endVerseId: 101001031 }, headers: { Origin: baseURL() } });
  expect(created.status()).toBe(201);
  const entry = (await created.json()) as { id: string };
  await openOnce(page);
  await goOfflineAndReload(page);

  // Offline: edit an entry that another device deletes meanwhile.
  expect((await elsewhere(page, 'DELETE', `/api/log-entries/${entry.id}`)).status).toBe(200);
  await page.getByRole('button', { name: 'Actions: Genesis 1' }).click();
  await page.getByRole('menuitem', { name: 'Edit: Genesis 1' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Passage' }).fill('Gen 2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('list', { name: 'Read today' }).getByText('Genesis 2').waitFor();
  await page.getByRole('status').getByText('1 change waiting to sync').waitFor();

  await page.context().setOffline(false);
  const alert = page.getByRole('alert').filter({ hasText: 'deleted on another device' });
  await alert.waitFor({ timeout: 60_000 });
  expect(await alert.textContent()).toContain('This entry was deleted on another device in the meantime, so your change to it was not saved.');
  // The log shows the server's again: the entry is gone.
  await page.getByRole('list', { name: 'Read today' }).waitFor({ state: 'detached' });
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await alert.waitFor({ state: 'detached' });
  expect(await (await page.request.get('/api/log-entries')).json()).toEqual([]);
});

it('asks before Log out while changes wait, and leaves nothing of the reader in IndexedDB', async () => {
  const page = await browser.newPage();
  await signUp(page);
  await openOnce(page);
  await goOfflineAndReload(page);
  await logPassage(page, 'Ps 23', 'Psalm 23');
  await page.getByRole('status').getByText('1 change waiting to sync').waitFor();

  const logOut = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' });
  await logOut.click();
  const dialog = page.getByRole('alertdialog', { name: 'Log out with changes not synced?' });
  await dialog.getByText('1 change made offline has not reached the server yet.', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await offlineStore(page, 'queue')).toHaveLength(1);

  await logOut.click();
  await page.getByRole('alertdialog', { name: 'Log out with changes not synced?' }).getByRole('button', { name: 'Log out anyway' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))).not.toContain('lamplight-offline');
});

/** The Background Sync tag the app registers (src/shared/offline/background.ts). */
const SYNC_TAG = 'lamplight-offline-queue';

/** The id DevTools gives the app's service worker registration, from a page that stays open. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

it('sends the queue from the service worker when the network returns, with no page open', async () => {
  const page = await browser.newPage();
  await signUp(page);
  await openOnce(page);
  await goOfflineAndReload(page);
  await logPassage(page, 'Gen 1', 'Genesis 1');
  await logPassage(page, 'Ps 23', 'Psalm 23');
  await page.getByRole('status').getByText('2 changes waiting to sync').waitFor();
  // Queuing a change registered the sync: the browser fires it when it sees a network.
  await expect
    .poll(() => page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags()))
    .toContain(SYNC_TAG);

  const context = page.context();
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const id = await registrationId(cdp, `${baseURL()}/`);
  await page.close();
  await context.setOffline(false);
  // Chromium fires it by itself once the network is back; fired here too, the test does not depend on when.
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseURL(), registrationId: id, tag: SYNC_TAG, lastChance: false });

  await expect
    .poll(async () => ((await (await context.request.get('/api/log-entries')).json()) as { startVerseId: number }[]).map((e) => e.startVerseId).sort(), { timeout: 30_000 })
    .toEqual([101001001, 119023001]);
  // Each once, and nothing left to send: a page opened now has no change waiting.
  const later = await context.newPage();
  await later.goto('/today');
  await later.getByRole('list', { name: 'Read today' }).getByRole('listitem').nth(1).waitFor();
  expect(await offlineStore(later, 'queue')).toEqual([]);
  expect(await later.getByText(/waiting to sync/).count()).toBe(0);
  expect(((await (await context.request.get('/api/log-entries')).json()) as unknown[]).length).toBe(2);
});

it('shows an open page what the service worker sent', async () => {
  const page = await browser.newPage();
  await signUp(page);
  await openOnce(page);
  // Only the page is offline: the worker reaches the server, as when the page would try only later.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.reload();
  await page.getByRole('status').getByText('Offline').waitFor();
  expect(await page.evaluate(() => fetch('/api/auth/user').then(() => 'answered', () => 'no answer'))).toBe('no answer');

  await logPassage(page, 'Ps 23', 'Psalm 23');
  const id = await registrationId(cdp, `${baseURL()}/`);
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseURL(), registrationId: id, tag: SYNC_TAG, lastChance: false });

  // The page learns it from the worker: nothing waits, and the entry is shown once, with the server's id.
  await page.getByText(/waiting to sync/).waitFor({ state: 'detached', timeout: 30_000 });
  const today = page.getByRole('list', { name: 'Read today' });
  expect(await today.getByRole('listitem').count()).toBe(1);
  const entries = (await (await page.context().request.get('/api/log-entries')).json()) as { id: string; startVerseId: number }[];
  expect(entries.map((e) => e.startVerseId)).toEqual([119023001]);
  expect(await offlineStore(page, 'queue')).toEqual([]);
  const keptLog = async () => ((await offlineStore(page, 'answers')).find(({ key }) => key === 'log')?.value as { data: { id: string }[] } | undefined)?.data.map((e) => e.id);
  await expect.poll(keptLog, { timeout: 30_000 }).toEqual([entries[0]!.id]);
});
