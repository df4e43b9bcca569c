import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

/** Public resources, open without signing in. */
export const resourcesRoutes: RouteObject[] = [
  {
    path: 'resources/printable-bible-reading-tracker',
    lazy: lazyRoute(() => import('./PrintableTrackerPage'), (m) => m.PrintableTrackerPage, { namespaces: ['resources'] }),
  },
];
