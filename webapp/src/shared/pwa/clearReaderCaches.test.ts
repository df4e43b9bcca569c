import { expect, it, vi } from 'vitest';
import { clearReaderCaches } from './clearReaderCaches';

function fakeCaches(names: string[]) {
  const kept = new Set(names);
  return {
    kept,
    keys: vi.fn(async () => [...kept]),
    delete: vi.fn(async (name: string) => kept.delete(name)),
  };
}

it('deletes the reader’s runtime caches and keeps the precached app shell', async () => {
  const storage = fakeCaches(['workbox-precache-v2-http://localhost/', 'lamplight-reader-content', 'lamplight-reader-other']);
  vi.stubGlobal('caches', storage);
  await clearReaderCaches();
  expect([...storage.kept]).toEqual(['workbox-precache-v2-http://localhost/']);
  vi.unstubAllGlobals();
});

it('signs out anyway when Cache Storage fails or is missing', async () => {
  vi.stubGlobal('caches', { keys: () => Promise.reject(new Error('SecurityError')) });
  await expect(clearReaderCaches()).resolves.toBeUndefined();
  vi.unstubAllGlobals();
  await expect(clearReaderCaches()).resolves.toBeUndefined();
});
