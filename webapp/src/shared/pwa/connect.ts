import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { announceOfflineReady, offerUpdate } from './pwaState';

/** registerSW from virtual:pwa-register (src/app/serviceWorker.ts loads it in production). */
export type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

// A tab left open for days still learns of a new release.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker: a new version waits until the reader presses Reload in the
 * "A new version is available" notice (updateSW(true) lets it take over, then the page reloads). Any
 * registration failure is ignored on purpose: the app works without a service worker.
 */
export function connectServiceWorker(registerSW: RegisterSW): void {
  const updateSW = registerSW({
    // After the page's load event: the precache downloads must not compete with the first page.
    immediate: false,
    onNeedRefresh: () =>
      offerUpdate(async () => {
        // Reload once the new version controls the page, also in a page opened before the first
        // worker took over (workbox-window reloads only pages that had one from the start).
        navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        await updateSW(true);
      }),
    onNeedReload: () => {},
    onOfflineReady: announceOfflineReady,
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: () => {},
  });
}
