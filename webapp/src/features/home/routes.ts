import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

/** The public home page at "/" (and "/de", "/es", ...). */
export const homeRoutes: RouteObject[] = [
  { index: true, lazy: lazyRoute(() => import('./HomePage'), (m) => m.HomePage) },
];
