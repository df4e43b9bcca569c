/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa, strategy injectManifest; see vite.config.ts).
// - The precache holds the app shell, every route chunk and every locale's strings, so a reader
//   who opened the app once can open any screen offline after a reload.
// - Navigations go to the network first (the server's 404s and page heads stay true) and fall
//   back to the precached index.html when there is no network, or none within a few seconds.
// - /api is never answered here: the page keeps the reader's data in IndexedDB
//   (src/shared/offline) and takes a failed request as the sign of being offline.
// - Where the browser has Background Sync, the sync event sends the page's queue of offline
//   changes (src/shared/offline/background.ts) when the network returns, even with no page open.
// - A new version waits until the page asks it to take over (the "Reload" notice).
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { sendInBackground, SYNC_TAG } from '../src/shared/offline/background';
import { CONTENT_CACHE } from '../src/shared/pwa/cacheNames';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The Background Sync event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// Push notifications of daily reminders and their actions.
importScripts('/push-sw.js');

// Paths the server answers itself (JSON, feeds, badges, operator endpoints, OAuth redirects):
// never the app shell.
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/_/, /^\/(healthz|readyz|metrics)$/, /^\/share\//, /^\/debug\//, /^\/(sitemap\.xml|robots\.txt)$/];

// On a poor connection the cached shell beats waiting; the page then loads its data itself.
const NAVIGATION_TIMEOUT_MS = 4000;

// No directory index: "/" is a navigation like any other (network first, with its page head).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A rejected promise makes the browser fire the sync again later (with its own back-off).
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    sendInBackground(`${self.location.origin}/api`).then((result) => {
      if (result === 'retry') throw new Error('changes still waiting');
    }),
  );
});

async function shell(): Promise<Response> {
  return (await matchPrecache('/index.html')) ?? Response.error();
}

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      // A late answer after the shell was sent is dropped (race has handled its rejection too).
      const network = fetch(request);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('navigation timed out')), NAVIGATION_TIMEOUT_MS);
      });
      try {
        return await Promise.race([network, timeout]);
      } catch {
        return shell();
      } finally {
        clearTimeout(timer);
      }
    },
    { denylist: SERVER_PATHS },
  ),
);

// The about, help and policy pages: fresh when online, the last copy offline. Signing out
// deletes the copies (clearReaderCaches).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/_content/') && request.method === 'GET',
  new NetworkFirst({ cacheName: CONTENT_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);
