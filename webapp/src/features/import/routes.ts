import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

/** The import screen; the app mounts it behind the sign-in guard. */
export const importRoutes: RouteObject[] = [
  { path: 'settings/import', lazy: lazyRoute(() => import('./pages/ImportPage'), (m) => m.ImportPage, { namespaces: ['import'] }) },
];
