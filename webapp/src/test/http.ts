// A fake API at the network edge: tests describe answers per "METHOD /api/path"; everything
// else the app asks for is answered like a signed-out visitor would be. Installed for every test
// by setup.ts; call mockApi() again in a test to add or replace answers.
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  /** The parsed JSON body, if any. */
  body: unknown;
  headers: Headers;
}

export type Reply = Response | { status?: number; body?: unknown; headers?: Record<string, string> };
export type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** A JSON answer. */
export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The server's error body: apiError(400, 'validation_error', [{ field: 'email', code: 'required' }]). */
export function apiError(
  status: number,
  code: string,
  errors: { field?: string; code: string; properties?: Record<string, unknown> }[] = [],
  headers: Record<string, string> = {},
): Response {
  return json(status, { error: errors.length ? { code, errors } : { code } }, headers);
}

export const TEST_USER = {
  id: '0190c3a2-0000-7000-8000-000000000001',
  email: 'reader@example.com',
  emailVerified: true,
  isAdmin: false,
  locale: 'en',
  timeZone: 'Europe/Berlin',
  createdAt: '2026-01-15T09:30:00Z',
  hasPassword: true,
  googleLinked: false,
};

export const TEST_CONFIG = {
  googleEnabled: false,
  emailVerificationRequired: true,
  passwordMinLength: 8,
  passwordMaxLength: 72,
  codeLength: 6,
  resendCooldownSeconds: 300,
  locales: ['en', 'de', 'es', 'fr', 'pt', 'uk', 'ko'],
};

const defaults: Record<string, Handler> = {
  'GET /api/auth/user': () => apiError(401, 'unauthenticated'),
  'GET /api/auth/config': () => json(200, TEST_CONFIG),
  'POST /api/auth/logout': () => json(204),
};

let routes: Record<string, Handler> = { ...defaults };
let calls: ApiCall[] = [];

function toResponse(reply: Reply): Response {
  if (reply instanceof Response) return reply;
  return json(reply.status ?? 200, reply.body, reply.headers);
}

async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const text = await request.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const call: ApiCall = { method: request.method, path: url.pathname, url, body, headers: request.headers };
  calls.push(call);
  const handler = routes[`${call.method} ${call.path}`];
  if (!handler) return apiError(404, 'not_found');
  return toResponse(typeof handler === 'function' ? await handler(call) : handler);
}

/** Installs the fake API with the default answers (signed out). */
export function resetApi(): void {
  routes = { ...defaults };
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(answer);
}

/** Adds or replaces answers: mockApi({ 'GET /api/auth/user': json(200, TEST_USER) }). */
export function mockApi(more: Record<string, Handler>): void {
  Object.assign(routes, more);
  if (!vi.isMockFunction(globalThis.fetch)) vi.spyOn(globalThis, 'fetch').mockImplementation(answer);
}

/** Signs the fake API in as `user` (TEST_USER by default). */
export function signedInAs(user: Partial<typeof TEST_USER> = {}): typeof TEST_USER {
  const full = { ...TEST_USER, ...user };
  mockApi({ 'GET /api/auth/user': () => json(200, full) });
  return full;
}

/** Requests the app made, optionally only those to "METHOD /api/path". */
export function apiCalls(route?: string): ApiCall[] {
  return route ? calls.filter((call) => `${call.method} ${call.path}` === route) : [...calls];
}
