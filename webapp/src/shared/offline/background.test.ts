import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendInBackground, SENT_CHANNEL, type QueueSent } from './background';
import { changeKind, optimisticAnswer, type Change } from './changes';
import { claimFor, DB_NAME, enqueue, forget, queuedChanges } from './db';
import { sendWithFetch, syncQueue } from './queue';

const BASE = 'http://lamplight.test/api';
const NOW = '2026-11-25T08:00:00.000Z';

async function queue(method: Change['method'], path: string, body: unknown, key: string): Promise<Change> {
  const kind = changeKind(method, path)!;
  const change: Change = { kind, method, path, key, optimistic: optimisticAnswer(kind, path, body, key, NOW) };
  if (body !== undefined) change.body = body;
  return enqueue(change);
}

const draft = (verse: number) => ({ date: '2026-11-25', startVerseId: 143003000 + verse, endVerseId: 143003000 + verse });

const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The API as the worker's fetch sees it: the session's reader, and writes applied once per
 * Idempotency-Key (a repeat is answered as the first time, as the server replays it).
 */
function api(options: { user?: string | null; refuse?: string[]; unreachable?: boolean } = {}) {
  const sent: string[] = [];
  const applied = new Map<string, Response>();
  let next = 1;
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (options.unreachable) throw new TypeError('Failed to fetch');
    const path = url.slice(BASE.length);
    const method = init.method ?? 'GET';
    if (method === 'GET' && path === '/auth/user') {
      return options.user === null ? json(401, { error: { code: 'unauthenticated' } }) : json(200, { id: options.user ?? 'reader-1' });
    }
    const key = new Headers(init.headers).get('Idempotency-Key')!;
    sent.push(`${method} ${path} ${key}`);
    if (options.refuse?.includes(key)) return json(400, { error: { code: 'validation_error', errors: [{ field: 'date', code: 'is_invalid' }] } });
    if (!applied.has(key)) applied.set(key, json(method === 'POST' ? 201 : 200, { id: method === 'POST' ? `server-${next++}` : path.slice(path.lastIndexOf('/') + 1) }));
    return applied.get(key)!.clone();
  });
  vi.stubGlobal('fetch', fetch);
  return { sent, applied };
}

/** The next message open pages get from a sender. */
function nextAnnouncement(): Promise<QueueSent> {
  const channel = new BroadcastChannel(SENT_CHANNEL);
  return new Promise((resolve) => {
    channel.onmessage = (event) => {
      channel.close();
      resolve((event as MessageEvent<QueueSent>).data);
    };
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await forget();
});

describe('the queue sent by the service worker', () => {
  it('sends the changes in order with their keys and tells open pages what the server answered', async () => {
    await claimFor('reader-1');
    await queue('POST', '/log-entries', draft(16), 'k1');
    await queue('PUT', '/log-entries/local-k1', draft(17), 'k2');
    await queue('POST', '/passage-notes', { content: 'Grace', passages: [], tags: [] }, 'k3');
    const { sent } = api();
    const announced = nextAnnouncement();

    expect(await sendInBackground(BASE)).toBe('done');

    expect(sent).toEqual(['POST /log-entries k1', 'PUT /log-entries/server-1 k2', 'POST /passage-notes k3']);
    expect(await queuedChanges()).toEqual([]);
    const message = await announced;
    expect(message.applied.map(({ change, ids }) => [change.key, ids])).toEqual([
      ['k1', [['local-k1', 'server-1']]],
      ['k2', []],
      ['k3', [['local-k3', 'server-2']]],
    ]);
    expect(message.rejected).toEqual([]);
  });

  it('sends nothing with the session of another reader, or with none', async () => {
    await claimFor('reader-1');
    await queue('POST', '/log-entries', draft(16), 'mine');
    for (const user of ['reader-2', null]) {
      const { sent } = api({ user });
      expect(await sendInBackground(BASE)).toBe('done');
      expect(sent).toEqual([]);
    }
    expect((await queuedChanges()).map((change) => change.key)).toEqual(['mine']);
  });

  it('does nothing after Log Out, and does not create the database again', async () => {
    const { sent } = api();
    expect(await sendInBackground(BASE)).toBe('done');
    expect(sent).toEqual([]);
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(DB_NAME);
  });

  it('asks to be fired again when the network is not back', async () => {
    await claimFor('reader-1');
    await queue('POST', '/log-entries', draft(16), 'waiting');
    api({ unreachable: true });

    expect(await sendInBackground(BASE)).toBe('retry');
    expect((await queuedChanges()).map((change) => change.key)).toEqual(['waiting']);
  });

  it('keeps a refused change with its reason, as the page does, and sends the next one', async () => {
    await claimFor('reader-1');
    await queue('POST', '/log-entries', draft(16), 'refused');
    await queue('POST', '/log-entries', draft(17), 'fine');
    const { sent } = api({ refuse: ['refused'] });
    const announced = nextAnnouncement();

    expect(await sendInBackground(BASE)).toBe('done');

    expect(sent.map((line) => line.split(' ')[2])).toEqual(['refused', 'fine']);
    const reason = { error: { code: 'validation_error', errors: [{ field: 'date', code: 'is_invalid' }] } };
    expect((await queuedChanges()).map((change) => [change.key, change.rejected])).toEqual([['refused', { status: 400, data: reason }]]);
    const message = await announced;
    expect(message.rejected.map((change) => [change.key, change.rejected?.status])).toEqual([['refused', 400]]);
    expect(message.applied.map(({ change }) => change.key)).toEqual(['fine']);
  });

  it('applies each change once when the worker and a page send the queue at the same time', async () => {
    await claimFor('reader-1');
    for (let verse = 1; verse <= 5; verse++) await queue('POST', '/log-entries', draft(verse), `k${verse}`);
    const { applied } = api();
    const page = syncQueue({ send: (change, path) => sendWithFetch(BASE, change, path), applied: () => {}, rejected: () => {} });

    expect(await Promise.all([sendInBackground(BASE), page])).toEqual(['done', 'done']);

    expect([...applied.keys()].sort()).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
    expect(await queuedChanges()).toEqual([]);
  });

  it('lets one sender at a time through the queue where the browser has Web Locks', async () => {
    await claimFor('reader-1');
    for (let verse = 1; verse <= 3; verse++) await queue('POST', '/log-entries', draft(verse), `k${verse}`);
    let held: Promise<unknown> = Promise.resolve();
    const locks = {
      request: (_name: string, pass: () => Promise<unknown>) => {
        const run = held.then(pass);
        held = run.catch(() => {});
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    const { sent } = api();

    await Promise.all([sendInBackground(BASE), sendInBackground(BASE)]);

    expect(sent.map((line) => line.split(' ')[2])).toEqual(['k1', 'k2', 'k3']);
  });
});
