import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

/** The export screen; the app mounts it behind the sign-in guard. */
export const exportRoutes: RouteObject[] = [
  { path: 'settings/export', lazy: lazyRoute(() => import('./pages/ExportPage'), (m) => m.ExportPage, { namespaces: ['export'] }) },
];
