import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

/** The reader's tag screen; the app mounts it behind the sign-in guard. */
export const tagsRoutes: RouteObject[] = [
  { path: 'tags', lazy: lazyRoute(() => import('./pages/TagsPage'), (m) => m.TagsPage, { namespaces: ['tags'] }) },
];
