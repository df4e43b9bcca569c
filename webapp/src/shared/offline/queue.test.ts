import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { changeKind, optimisticAnswer, type Change } from './changes';
import { enqueue, forget, queuedChanges } from './db';
import { syncQueue, type Sent, type SyncHooks } from './queue';

const NOW = '2026-11-25T08:00:00.000Z';

/** A change as the offline layer queues it. */
async function queue(method: Change['method'], path: string, body: unknown, key: string): Promise<Change> {
  const kind = changeKind(method, path)!;
  const change: Change = { kind, method, path, key, optimistic: optimisticAnswer(kind, path, body, key, NOW) };
  if (body !== undefined) change.body = body;
  return enqueue(change);
}

const draft = (verse: number) => ({ date: '2026-11-25', startVerseId: 143003000 + verse, endVerseId: 143003000 + verse });

/** A server that answers from a list, records what it was sent, and gives created items server ids. */
function server(answers: ((change: Change) => Sent)[] = []) {
  const sent: { method: string; path: string; key: string }[] = [];
  const applied: Change[] = [];
  const rejected: Change[] = [];
  let next = 1;
  const hooks: SyncHooks = {
    async send(change, path) {
      sent.push({ method: change.method, path, key: change.key });
      const answer = answers.shift();
      if (answer) return answer(change);
      if (change.method === 'DELETE') return { ok: true, data: { deleted: true } };
      if (change.kind === 'addEntries') return { ok: true, data: (change.body as { entries: unknown[] }).entries.map(() => ({ id: `server-${next++}` })) };
      return { ok: true, data: { id: change.method === 'POST' ? `server-${next++}` : path.slice(path.lastIndexOf('/') + 1) } };
    },
    applied: (change) => applied.push(change),
    rejected: (change) => rejected.push(change),
  };
  return { hooks, sent, applied, rejected };
}

afterEach(async () => {
  await forget();
});

describe('the offline queue', () => {
  it('sends changes in the order they were made, with the server ids of items made offline', async () => {
    await queue('POST', '/log-entries', draft(16), 'k1');
    await queue('POST', '/log-entries/batch', { entries: [draft(17), draft(18)] }, 'k2');
    await queue('PUT', '/log-entries/local-k1', draft(19), 'k3');
    await queue('DELETE', '/log-entries/local-k2-1', undefined, 'k4');
    await queue('POST', '/passage-notes', { content: 'Grace', passages: [], tags: [] }, 'k5');
    const { hooks, sent, applied } = server();

    expect(await syncQueue(hooks)).toBe('done');

    expect(sent).toEqual([
      { method: 'POST', path: '/log-entries', key: 'k1' },
      { method: 'POST', path: '/log-entries/batch', key: 'k2' },
      { method: 'PUT', path: '/log-entries/server-1', key: 'k3' },
      { method: 'DELETE', path: '/log-entries/server-3', key: 'k4' },
      { method: 'POST', path: '/passage-notes', key: 'k5' },
    ]);
    expect(applied.map((change) => change.key)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
    expect(await queuedChanges()).toEqual([]);
  });

  it('keeps a change that got no answer and sends it again with the same key', async () => {
    await queue('POST', '/log-entries', draft(16), 'first');
    await queue('POST', '/passage-notes', { content: 'Hope', passages: [], tags: [] }, 'second');
    const lost = server([() => ({ ok: false, status: 'network' })]);

    expect(await syncQueue(lost.hooks)).toBe('retry');
    expect(lost.sent.map((s) => s.key)).toEqual(['first']);
    expect((await queuedChanges()).map((change) => change.key)).toEqual(['first', 'second']);

    const busy = server([() => ({ ok: false, status: 409, data: { error: { code: 'conflict', errors: [{ code: 'idempotency_in_progress' }] } } })]);
    expect(await syncQueue(busy.hooks)).toBe('retry');

    const back = server();
    expect(await syncQueue(back.hooks)).toBe('done');
    expect(back.sent.map((s) => s.key)).toEqual(['first', 'second']);
    expect(await queuedChanges()).toEqual([]);
  });

  it('waits on server errors and ended sessions, keeping the change', async () => {
    await queue('DELETE', '/log-entries/e1', undefined, 'gone');
    for (const status of [500, 503, 401, 429]) {
      const { hooks } = server([() => ({ ok: false, status, data: null })]);
      expect(await syncQueue(hooks)).toBe('retry');
    }
    expect((await queuedChanges()).map((change) => [change.key, change.rejected])).toEqual([['gone', undefined]]);
  });

  it('keeps a refused change with the server reason, sends the next ones, and never sends it again', async () => {
    const reason = { error: { code: 'validation_error', errors: [{ field: 'date', code: 'is_invalid' }] } };
    await queue('POST', '/log-entries', draft(16), 'refused');
    await queue('PUT', '/log-entries/local-refused', draft(17), 'orphan');
    await queue('POST', '/log-entries', draft(18), 'fine');
    const first = server([() => ({ ok: false, status: 400, data: reason })]);

    expect(await syncQueue(first.hooks)).toBe('done');

    expect(first.sent.map((s) => s.key)).toEqual(['refused', 'fine']);
    expect(first.rejected.map((change) => [change.key, change.rejected?.status])).toEqual([
      ['refused', 400],
      ['orphan', 404],
    ]);
    const kept = await queuedChanges();
    expect(kept.map((change) => [change.key, change.rejected])).toEqual([
      ['refused', { status: 400, data: reason }],
      ['orphan', { status: 404, data: { error: { code: 'not_found' } } }],
    ]);

    const again = server();
    expect(await syncQueue(again.hooks)).toBe('done');
    expect(again.sent).toEqual([]);
    expect(await queuedChanges()).toHaveLength(2);
  });

  it('reports an edit of an entry deleted on another device as refused with 404', async () => {
    await queue('PUT', '/log-entries/e7', draft(16), 'edit');
    const { hooks, rejected } = server([() => ({ ok: false, status: 404, data: { error: { code: 'not_found' } } })]);

    expect(await syncQueue(hooks)).toBe('done');
    expect(rejected.map((change) => [change.kind, change.rejected?.status])).toEqual([['updateEntry', 404]]);
  });
});
