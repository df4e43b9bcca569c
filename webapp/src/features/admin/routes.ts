import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

/** /admin/users, /admin/users/report and /admin/engagement; the app mounts them behind the admin guard. */
export const adminRoutes: RouteObject[] = [
  { path: 'admin/users', lazy: lazyRoute(() => import('./pages/AdminUsersPage'), (m) => m.AdminUsersPage, { namespaces: ['admin'] }) },
  {
    path: 'admin/users/report',
    lazy: lazyRoute(() => import('./pages/UsersReportPage'), (m) => m.UsersReportPage, { namespaces: ['admin'] }),
  },
  {
    path: 'admin/engagement',
    lazy: lazyRoute(() => import('./pages/EngagementPage'), (m) => m.EngagementPage, { namespaces: ['admin'] }),
  },
];
