import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError, RELOAD_GUARD_MS, withChunkReload } from './chunkReload';

describe('chunk load failures', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads at most once per 60 seconds', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(1_000_000, reload)).toBe(true);
    expect(reloadForChunkError(1_000_000 + RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(reloadForChunkError(1_000_000 + RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('passes other errors through', async () => {
    await expect(withChunkReload(() => Promise.reject(new Error('boom')))()).rejects.toThrow('boom');
  });

  it('surfaces a chunk error when a reload happened less than 60 seconds ago', async () => {
    sessionStorage.setItem('lamplight:chunk-reload-at', String(Date.now()));
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(withChunkReload(failing)()).rejects.toThrow('dynamically imported module');
  });
});
