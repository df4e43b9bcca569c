import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

/** The insights page and the sharing settings; the app mounts them behind the sign-in guard. */
export const insightsRoutes: RouteObject[] = [
  { path: 'insights', lazy: lazyRoute(() => import('./pages/InsightsPage'), (m) => m.InsightsPage, { namespaces: ['insights'] }) },
  { path: 'settings/sharing', lazy: lazyRoute(() => import('./pages/SharingPage'), (m) => m.SharingPage, { namespaces: ['insights'] }) },
];
