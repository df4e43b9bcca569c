import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** Every cache tag in the app, declared once; features refer to them in injectEndpoints. */
export const TAG_TYPES = [
  'User',
  'Session',
  'LogEntry',
  'Settings',
  'VerseCount',
  'Suggestion',
  'Progress',
  'Streak',
  'Note',
  'Tag',
  'Feedback',
  'AdminUser',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

// An absolute base URL: fetch in the browser and under jsdom resolves it the same way.
const origin = typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost';

export const API_BASE_URL = `${origin}/api`;

/**
 * The one RTK Query API. Features add endpoints with
 * `baseApi.injectEndpoints({ endpoints: (build) => ({ ... }) })` in their own api.ts.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: API_BASE_URL, credentials: 'include' }),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
