import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { loadNamespaces, splitLocalePath, type LazyNamespace } from '@/shared/i18n';
import { withChunkReload } from './chunkReload';

export interface LazyRouteOptions {
  /** Translation namespaces the page needs; they load (in the URL's language) before it shows. */
  namespaces?: readonly LazyNamespace[];
}

/**
 * A loader that loads translation namespaces in the language of the URL being opened:
 * `{ path: 'today', element: <Today />, loader: namespaceLoader(['reading']) }`.
 */
export function namespaceLoader(namespaces: readonly LazyNamespace[]) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { locale } = splitLocalePath(new URL(request.url).pathname);
    await withChunkReload(() => loadNamespaces(locale, namespaces))();
    return null;
  };
}

/**
 * A route's `lazy` loader for a page component, with the chunk-reload guard:
 * `{ path: 'books', lazy: lazyRoute(() => import('./BooksPage'), (m) => m.BooksPage, { namespaces: ['books'] }) }`.
 */
export function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, options: LazyRouteOptions = {}) {
  const { namespaces } = options;
  return withChunkReload(async () => {
    const Component = pick(await load());
    return namespaces?.length ? { Component, loader: namespaceLoader(namespaces) } : { Component };
  });
}
