import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

const NS = { namespaces: ['readingLog'] } as const;
const WITH_PICKER = { namespaces: ['readingLog', 'passagePicker'] } as const;
const TODAY = { namespaces: ['readingLog', 'passagePicker', 'plans'] } as const;

// Each screen is its own lazily loaded chunk (sharing the Bible kernel's) and brings the readingLog
// translations; the screens that log passages also bring the passage picker's, and Today the plans'.

/** The signed-in reader's log screens; the app mounts them behind the sign-in guard. */
export const readingLogRoutes: RouteObject[] = [
  { path: 'today', lazy: lazyRoute(() => import('./pages/TodayPage'), (m) => m.TodayPage, TODAY) },
  { path: 'log', lazy: lazyRoute(() => import('./pages/LogPage'), (m) => m.LogPage, WITH_PICKER) },
  { path: 'calendar', lazy: lazyRoute(() => import('./pages/CalendarPage'), (m) => m.CalendarPage, WITH_PICKER) },
  { path: 'settings/reading', lazy: lazyRoute(() => import('./pages/ReadingSettingsPage'), (m) => m.ReadingSettingsPage, NS) },
];
