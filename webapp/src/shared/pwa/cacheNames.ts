// Cache Storage names the service worker (sw/sw.ts) and the page share. Runtime caches that hold
// a reader's data start with READER_CACHE_PREFIX, so signing out can drop them all; the precache
// (the app shell, Workbox's own name) is not the reader's and stays.

export const READER_CACHE_PREFIX = 'lamplight-reader-';

/** The about, help and policy pages' data (/_content/...). */
export const CONTENT_CACHE = `${READER_CACHE_PREFIX}content`;
