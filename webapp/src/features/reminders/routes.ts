import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

const NS = { namespaces: ['reminders'] } as const;

/** The reminder settings; the app mounts them behind the sign-in guard. */
export const reminderRoutes: RouteObject[] = [
  { path: 'settings/reminder', lazy: lazyRoute(() => import('./pages/ReminderSettingsPage'), (m) => m.ReminderSettingsPage, NS) },
];

/** The page an email's unsubscribe link opens, signed in or not. */
export const reminderPublicRoutes: RouteObject[] = [
  { path: 'daily-reminder-unsubscribe', lazy: lazyRoute(() => import('./pages/UnsubscribePage'), (m) => m.UnsubscribePage, NS) },
];
