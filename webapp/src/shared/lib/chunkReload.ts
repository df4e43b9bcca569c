// When a deploy replaces hashed chunks, an open tab may ask for files that no longer exist.
// Reloading fetches the new index.html; the guard keeps a broken deploy from looping.

export const RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = 'lamplight:chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch|Unable to preload CSS|ChunkLoadError/i.test(
    `${error.name} ${error.message}`,
  );
}

/**
 * Reloads the page unless it was already reloaded for this reason in the last 60 seconds.
 * Returns true when a reload was started.
 */
export function reloadForChunkError(now: number = Date.now(), reload: () => void = () => location.reload()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(STORAGE_KEY)) || 0;
  } catch {
    // Storage may be unavailable (privacy mode); reload anyway, at worst once per failure.
  }
  if (now - last < RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // ignore
  }
  reload();
  return true;
}

/** Wraps a dynamic import: a failed chunk reloads the page once instead of surfacing an error. */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadForChunkError()) {
        // The page is going away; keep the router waiting rather than flashing an error.
        return new Promise<T>(() => {});
      }
      throw error;
    });
}

/** Vite fires vite:preloadError when a preloaded dependency of a dynamic import fails. */
export function installPreloadErrorHandler(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
