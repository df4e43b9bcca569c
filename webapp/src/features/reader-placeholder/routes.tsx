import type { RouteObject } from 'react-router';
import { namespaceLoader } from '@/shared/lib/lazyRoute';
import { PlaceholderPage, type PlaceholderScreen } from './PlaceholderPage';

// TEMPORARY: stand-ins for the reader and admin screens, so navigation and guards work until
// the real features exist. Replace a path here by the real feature's route, then delete this
// folder (and locales/<lng>/placeholder.json) when nothing is left.

const page = (path: string, screen: PlaceholderScreen): RouteObject => ({
  path,
  loader: namespaceLoader(['placeholder']),
  element: <PlaceholderPage screen={screen} />,
});

/** Signed-in screens (mounted behind the sign-in guard). */
export const readerPlaceholderRoutes: RouteObject[] = [];

/** Admin screens (mounted behind the admin guard). */
export const adminPlaceholderRoutes: RouteObject[] = [
  page('admin/users', 'adminUsers'),
  page('admin/users/report', 'adminUsersReport'),
  page('admin/feedback', 'adminFeedback'),
  page('admin/engagement', 'adminEngagement'),
];
