import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { API_BASE_URL, type RequestLayer } from '@/shared/api';
import { dateInTimeZone, readerApi, type LogEntry, type ReaderLog, type ReaderSettings } from '@/shared/reader';
import type { PlanAnswer } from '@/shared/readmodels/planProgress';
import { changeKind, isLocalId, optimisticAnswer, overlayLog, overlayNotes, targetId, type Change, type ChangeKind } from './changes';
import { claimFor, enqueue, forget, forgetAnswer, hasIndexedDB, readAnswer, saveAnswer } from './db';
import { changeQueued, connectivityChanged, offlineDataCleared, offlineState } from './slice';

/** Where the log is kept in the answers store: from the cache, with the writes made since its download. */
export const LOG_KEY = 'log';

/** GET answers kept for showing offline. The log is kept from the cache instead; counts and progress are computed. */
const KEPT = [/^\/auth\/user$/, /^\/settings$/, /^\/passage-notes$/, /^\/passage-notes\/counts$/, /^\/passage-note-tags$/, /^\/reading-suggestions$/, /^\/insights\/streak$/];

/** Answers computed from the local log while offline or while changes wait (@/shared/readmodels: compute.ts and next.ts). */
const COMPUTED = /^\/(insights\/date-verse-counts|insights\/streak|reading-suggestions|progress|progress\/books\/\d+)$/;

/**
 * The reader's plans, and one plan: their last answers are kept (the list under PLANS_KEY, a plan
 * fetched on its own folded into it) and recomputed from the local log while offline or while
 * changes wait (@/shared/readmodels/planProgress.ts), so logging offline completes a plan's day.
 */
const PLANS = /^\/reading-plans(\/(?!templates$|import$)[^/]+)?$/;
export const PLANS_KEY = 'reading-plans';

interface Request {
  path: string;
  /** The path with its query, sorted: what an answer is kept under. */
  key: string;
  query: URLSearchParams;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

function describe(args: string | FetchArgs): Request {
  const { url, method = 'GET', body, params, headers } = typeof args === 'string' ? { url: args } : args;
  const [path = '', search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) if (value !== undefined) query.append(name, String(value));
  query.sort();
  const plain = headers instanceof Headers ? Object.fromEntries(headers.entries()) : Array.isArray(headers) ? Object.fromEntries(headers) : ((headers ?? {}) as Record<string, string>);
  return { path, key: query.size ? `${path}?${query.toString()}` : path, query, method: method.toUpperCase(), body, headers: plain };
}

function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// Keeping answers must not slow the page down: each is written when the browser is idle, one after another.
let saving: Promise<void> = Promise.resolve();
const idle = (): Promise<void> =>
  new Promise((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 0)));

export function keepLater(write: () => Promise<void>): void {
  saving = saving.then(idle).then(write).catch(() => {
    // A full or blocked disk only means less is shown offline.
  });
}

/** Waits until every answer handed to keepLater is stored (Log Out). */
export function kept(): Promise<void> {
  return saving;
}

const selectLog = readerApi.endpoints.getLog.select();
const selectSettings = readerApi.endpoints.getReaderSettings.select();

/** The log in the RTK Query cache, if loaded. */
export function cachedLog(state: unknown): ReaderLog | undefined {
  return selectLog(state as Parameters<typeof selectLog>[0]).data;
}

function cachedSettings(state: unknown): ReaderSettings | undefined {
  return selectSettings(state as Parameters<typeof selectSettings>[0]).data;
}

/**
 * The reader's log as this browser knows it: the cache, else the kept copy, with the waiting
 * changes applied (entries made offline come from the queue only, so one already sent is not kept twice).
 */
async function localLog(state: unknown): Promise<ReaderLog | undefined> {
  const waiting = offlineState(state).waiting;
  const fromServer = (entries: readonly LogEntry[]) => overlayLog(entries.filter((entry) => !isLocalId(entry.id)), waiting);
  const cached = cachedLog(state);
  if (cached) return { version: cached.version, entries: fromServer(cached.entries) };
  const stored = await readAnswer(LOG_KEY);
  if (!stored) return undefined;
  return { version: stored.version ?? 0, entries: fromServer(stored.data as LogEntry[]) };
}

async function localSettings(state: unknown): Promise<ReaderSettings | undefined> {
  return cachedSettings(state) ?? ((await readAnswer('/settings'))?.data as ReaderSettings | undefined);
}

/** A computed answer (counts, progress, streak, suggestions) from the local log; undefined when this browser has no log yet. */
async function computed(request: Request, api: BaseQueryApi): Promise<unknown> {
  const state = api.getState();
  const [log, settings] = await Promise.all([localLog(state), localSettings(state)]);
  if (!log || !settings) return undefined;
  const lookBack = settings.lookBackDate ?? '';
  const today = request.query.get('today');
  if (request.path === '/insights/streak' || request.path === '/reading-suggestions') {
    if (!today) return undefined;
    const { streak, suggestions } = await import('@/shared/readmodels/next');
    return request.path === '/insights/streak' ? streak(log.entries, lookBack, today, settings.restDaysPerWeek ?? 0) : suggestions(log.entries, lookBack, today);
  }
  const { bookDetail, dateVerseCountsBetween, progressOverview, readSet } = await import('@/shared/readmodels/compute');
  if (request.path === '/insights/date-verse-counts') {
    return dateVerseCountsBetween(log.entries, lookBack, request.query.get('from') ?? lookBack, request.query.get('to') ?? request.query.get('today') ?? '');
  }
  const set = readSet(log.entries, lookBack);
  if (request.path === '/progress') return progressOverview(set);
  return bookDetail(set, Number(request.path.slice(request.path.lastIndexOf('/') + 1)));
}

/** The reader's plans, or one plan, recomputed from the kept answers and the local log; undefined when none is kept. */
async function computedPlans(request: Request, api: BaseQueryApi): Promise<unknown> {
  const state = api.getState();
  const [log, settings, kept] = await Promise.all([localLog(state), localSettings(state), readAnswer(PLANS_KEY)]);
  if (!log) return undefined;
  const today = request.query.get('today') || dateInTimeZone(settings?.timeZone);
  const plans = kept?.data as PlanAnswer[] | undefined;
  const { recomputePlan } = await import('@/shared/readmodels/planProgress');
  if (request.path === '/reading-plans') return plans?.map((plan) => recomputePlan(plan, log.entries, today));
  const id = decodeURIComponent(request.path.slice(request.path.lastIndexOf('/') + 1));
  const plan = plans?.find((p) => p.id === id) ?? ((await readAnswer(request.path))?.data as PlanAnswer | undefined);
  return plan && recomputePlan(plan, log.entries, today);
}

/** Keeps a plans answer: the list as it is; one plan in the kept list, or on its own while no list is kept. */
function keepPlans(path: string, data: unknown): void {
  keepLater(async () => {
    if (path === '/reading-plans') return saveAnswer(PLANS_KEY, data);
    const plan = data as PlanAnswer;
    const plans = (await readAnswer(PLANS_KEY))?.data as PlanAnswer[] | undefined;
    if (!plans) return saveAnswer(path, plan);
    await saveAnswer(PLANS_KEY, plans.some((p) => p.id === plan.id) ? plans.map((p) => (p.id === plan.id ? plan : p)) : [...plans, plan]);
  });
}

/** Forgets a deleted plan's kept answers. */
function forgetPlan(path: string): void {
  const id = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  keepLater(async () => {
    const plans = (await readAnswer(PLANS_KEY))?.data as PlanAnswer[] | undefined;
    if (plans) await saveAnswer(PLANS_KEY, plans.filter((p) => p.id !== id));
    await forgetAnswer(path);
  });
}

function answered(data: unknown, request: Request, headers: Record<string, string> = {}) {
  return { data, meta: { request: new globalThis.Request(API_BASE_URL + request.key), response: new Response(null, { headers }) } };
}

/** A kept answer for a GET that got no answer, with the waiting changes applied. */
async function keptAnswer(request: Request, api: BaseQueryApi) {
  const state = api.getState();
  if (request.path === '/log-entries' && request.query.size === 0) {
    const log = await localLog(state);
    return log && answered(log.entries, request, { 'X-Log-Version': String(log.version) });
  }
  const stored = await readAnswer(request.key);
  if (!stored) return undefined;
  const data = request.path === '/passage-notes' ? overlayNotes(stored.data as Parameters<typeof overlayNotes>[0], offlineState(state).waiting) : stored.data;
  return answered(data, request);
}

async function read(request: Request, args: string | FetchArgs, api: BaseQueryApi, extra: object, next: Parameters<RequestLayer>[3]) {
  const offline = offlineState(api.getState());
  const plans = PLANS.test(request.path);
  if ((plans || COMPUTED.test(request.path)) && (!offline.online || offline.waiting.length > 0)) {
    const data = await (plans ? computedPlans(request, api) : computed(request, api));
    if (data !== undefined) return { data };
  }
  const result = await next(args, api, extra);
  // Only /api tells whether the server is reachable: the service worker answers other paths
  // (/_content) from its cache with no network at all.
  const viaApi = !/^[a-z][a-z\d+.-]*:/i.test(request.path) || request.path.startsWith(`${API_BASE_URL}/`);
  if (result.error?.status === 'FETCH_ERROR') {
    if (offline.online && viaApi) api.dispatch(connectivityChanged(false));
    if (plans) {
      const data = await computedPlans(request, api);
      return data === undefined ? result : answered(data, request);
    }
    return (await keptAnswer(request, api)) ?? result;
  }
  if (!result.error || typeof result.error.status === 'number') {
    if (!offline.online && viaApi) api.dispatch(connectivityChanged(true));
  }
  if (!result.error && plans) keepPlans(request.path, result.data);
  if (!result.error && KEPT.some((pattern) => pattern.test(request.path))) {
    const { key, path } = request;
    const data = result.data;
    if (path === '/auth/user') {
      const id = (data as { id?: string } | null)?.id;
      if (id) keepLater(async () => claimFor(id).then(() => saveAnswer(key, data)));
    } else {
      keepLater(() => saveAnswer(key, data));
    }
  }
  return result;
}

/** The entry or note a change edits, for its creation time. */
function existing(kind: ChangeKind, path: string, state: unknown): { createdAt: string } | undefined {
  if (kind !== 'updateEntry') return undefined;
  const id = targetId({ path });
  return cachedLog(state)?.entries.find((entry) => entry.id === id);
}

let loaded: Promise<void> = Promise.resolve();

/** Writes wait for the queue to be read at start, so a new change never overtakes an older one. */
export function waitForQueue(until: Promise<void>): void {
  loaded = until;
}

async function write(kind: ChangeKind, request: Request, args: string | FetchArgs, api: BaseQueryApi, extra: object, next: Parameters<RequestLayer>[3]) {
  await loaded;
  const given = Object.keys(request.headers).find((name) => name.toLowerCase() === 'idempotency-key');
  const key = (given && request.headers[given]) || newKey();
  const offline = offlineState(api.getState());
  if (offline.online && offline.waiting.length === 0) {
    const sent = typeof args === 'string' || given ? args : { ...args, headers: { ...request.headers, 'Idempotency-Key': key } };
    const result = await next(sent, api, extra);
    if (result.error?.status !== 'FETCH_ERROR') return result;
    // No answer: the server may or may not have it. Queued with the same key, it is applied once.
    api.dispatch(connectivityChanged(false));
  }
  const now = new Date().toISOString();
  const optimistic = optimisticAnswer(kind, request.path, request.body, key, now, existing(kind, request.path, api.getState()));
  const change: Change = { kind, method: request.method as Change['method'], path: request.path, key, optimistic };
  if (request.body !== undefined) change.body = request.body;
  api.dispatch(changeQueued(await enqueue(change)));
  return { data: optimistic };
}

/** Deletes everything kept for the reader in this browser, queue included. */
export async function forgetReader(dispatch: BaseQueryApi['dispatch']): Promise<void> {
  dispatch(offlineDataCleared());
  if (!hasIndexedDB()) return;
  await kept();
  await forget().catch(() => {
    // What a failed delete leaves is emptied by the next reader's sign-in (claimFor).
  });
}

/** The offline layer: kept and computed answers when there is no network, queued writes. */
export const offlineLayer: RequestLayer = async (args, api, extra, next) => {
  if (!hasIndexedDB()) return next(args, api, extra);
  const request = describe(args);
  if (request.method === 'GET') return read(request, args, api, extra, next);
  // Log Out (even when the server cannot be told) and a deleted account leave nothing of the reader here.
  if (request.method === 'POST' && request.path === '/auth/logout') {
    const result = await next(args, api, extra);
    await forgetReader(api.dispatch);
    return result;
  }
  if (request.method === 'DELETE' && request.path === '/auth/user') {
    const result = await next(args, api, extra);
    if (!result.error) await forgetReader(api.dispatch);
    return result;
  }
  if (request.method === 'DELETE' && PLANS.test(request.path) && request.path !== '/reading-plans') {
    const result = await next(args, api, extra);
    if (!result.error) forgetPlan(request.path);
    return result;
  }
  const kind = changeKind(request.method, request.path);
  if (!kind) return next(args, api, extra);
  return write(kind, request, args, api, extra, next);
};
