import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

const NS = { namespaces: ['readingLog'] } as const;

// Each screen is its own lazily loaded chunk (sharing the Bible kernel's) and brings the readingLog
// translations.

/** The signed-in reader's log screens; the app mounts them behind the sign-in guard. */
export const readingLogRoutes: RouteObject[] = [
  { path: 'today', lazy: lazyRoute(() => import('./pages/TodayPage'), (m) => m.TodayPage, NS) },
  { path: 'calendar', lazy: lazyRoute(() => import('./pages/CalendarPage'), (m) => m.CalendarPage, NS) },
  { path: 'settings/reading', lazy: lazyRoute(() => import('./pages/ReadingSettingsPage'), (m) => m.ReadingSettingsPage, NS) },
];
