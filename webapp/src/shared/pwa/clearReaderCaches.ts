import { READER_CACHE_PREFIX } from './cacheNames';

/**
 * Deletes the signed-in reader's runtime caches (account and content answers the service worker
 * kept for offline use). The precached app shell stays. Never throws: signing out goes on.
 */
export async function clearReaderCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(READER_CACHE_PREFIX)).map((name) => caches.delete(name)));
  } catch {
    // Cache Storage can be unavailable (private windows, insecure origins); nothing was kept then.
  }
}
