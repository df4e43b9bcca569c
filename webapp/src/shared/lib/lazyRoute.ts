import type { ComponentType } from 'react';
import { withChunkReload } from './chunkReload';

/**
 * A route's `lazy` loader for a page component, with the chunk-reload guard:
 * `{ path: 'books', lazy: lazyRoute(() => import('./BooksPage'), (m) => m.BooksPage) }`.
 */
export function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return withChunkReload(async () => ({ Component: pick(await load()) }));
}
