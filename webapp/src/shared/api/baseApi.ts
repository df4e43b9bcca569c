import { createApi, fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

/** Every cache tag in the app, declared once; features refer to them in injectEndpoints. */
export const TAG_TYPES = [
  'User',
  'Session',
  'Settings',
  'VerseCount',
  'Suggestion',
  'Progress',
  'Streak',
  'Note',
  'Tag',
  'Feedback',
  'AdminUser',
  'Reminder',
  'Plan',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

// An absolute base URL: fetch in the browser and under jsdom resolves it the same way.
const origin = typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost';

export const API_BASE_URL = `${origin}/api`;

/** The endpoint that asks who is signed in; its 401 means "signed out", not "session lost". */
export const CURRENT_USER_ENDPOINT = 'getCurrentUser';

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, credentials: 'include' });

function hasDetails(data: unknown): boolean {
  const errors = (data as { error?: { errors?: unknown } } | undefined)?.error?.errors;
  return Array.isArray(errors) && errors.length > 0;
}

/**
 * fetchBaseQuery (the session is the same-origin HttpOnly cookie) plus two things every endpoint
 * needs: a 429 carries its Retry-After (as `retryAfterSeconds` in the error data), and a plain 401
 * on any other endpoint means the session ended, so the signed-in user is fetched again.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  const error = result.error;
  if (!error) return result;
  if (error.status === 429) {
    const header = result.meta?.response?.headers.get('Retry-After');
    const seconds = header ? Number(header) : NaN;
    if (Number.isFinite(seconds) && seconds >= 0 && error.data && typeof error.data === 'object') {
      error.data = { ...(error.data as object), retryAfterSeconds: seconds };
    }
  }
  if (error.status === 401 && api.endpoint !== CURRENT_USER_ENDPOINT && !hasDetails(error.data)) {
    api.dispatch(baseApi.util.invalidateTags(['User']));
  }
  return result;
};

type BaseQuery = typeof baseQuery;

/** A layer every request goes through, handed the request and the way on to the server. */
export type RequestLayer = (args: string | FetchArgs, api: BaseQueryApi, extra: object, next: BaseQuery) => ReturnType<BaseQuery>;

let layer: RequestLayer | null = null;

/** Puts a layer around every request (the offline module: answers kept in IndexedDB, queued writes). */
export function setRequestLayer(next: RequestLayer | null): void {
  layer = next;
}

/**
 * The one RTK Query API. Features add endpoints with
 * `baseApi.injectEndpoints({ endpoints: (build) => ({ ... }) })` in their own api.ts.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: (args, api, extra) => (layer ? layer(args, api, extra as object, baseQuery) : baseQuery(args, api, extra as object)),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
