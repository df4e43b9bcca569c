import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

/** /feedback, open to everyone. */
export const feedbackRoutes: RouteObject[] = [
  { path: 'feedback', lazy: lazyRoute(() => import('./pages/FeedbackPage'), (m) => m.FeedbackPage, { namespaces: ['feedback'] }) },
];

/** /admin/feedback; the app mounts it behind the admin guard. */
export const adminFeedbackRoutes: RouteObject[] = [
  {
    path: 'admin/feedback',
    lazy: lazyRoute(() => import('./pages/AdminFeedbackPage'), (m) => m.AdminFeedbackPage, { namespaces: ['feedbackAdmin'] }),
  },
];
