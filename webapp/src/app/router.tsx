import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { adminRoutes } from '@/features/admin';
import { contentRoutes } from '@/features/content';
import { exportRoutes } from '@/features/export';
import { importRoutes } from '@/features/import';
import { adminFeedbackRoutes, feedbackRoutes } from '@/features/feedback';
import { homeRoutes } from '@/features/home';
import { accountRoutes, identityGuestRoutes, identityPublicRoutes } from '@/features/identity';
import { insightsRoutes } from '@/features/insights';
import { notesRoutes } from '@/features/notes';
import { plansRoutes } from '@/features/plans';
import { progressRoutes } from '@/features/progress';
import { readingLogRoutes } from '@/features/reading-log';
import { reminderPublicRoutes, reminderRoutes } from '@/features/reminders';
import { readerPlaceholderRoutes } from '@/features/reader-placeholder';
import { resourcesRoutes } from '@/features/resources';
import { tagsRoutes } from '@/features/tags';
import { DEFAULT_LOCALE, LOCALES, ensureLocale, localizePath, preferredLocale, type Locale } from '@/shared/i18n';
import { withChunkReload } from '@/shared/lib/chunkReload';
import { NotFoundPage } from '@/shared/ui';
import { AppShell, HydrateFallback } from './AppShell';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * Every feature's routes, written once without a locale prefix (paths relative: "books",
 * "books/:book"). They are mounted under "/" for English and "/de", "/es", ... for the others.
 * Put a page in the group that matches who may see it.
 */
export const featureRoutes: RouteObject[] = [
  // Everyone.
  ...homeRoutes,
  ...identityPublicRoutes,
  ...resourcesRoutes,
  ...contentRoutes,
  ...feedbackRoutes,
  ...reminderPublicRoutes,
  // Signed-out visitors only; a signed-in reader is sent on to ?returnTo= or /today.
  { element: <GuestOnly />, children: [...identityGuestRoutes] },
  // Signed-in readers; others go to /login?returnTo=<page>.
  { element: <RequireAuth />, children: [...readingLogRoutes, ...progressRoutes, ...notesRoutes, ...tagsRoutes, ...exportRoutes, ...reminderRoutes, ...importRoutes, ...insightsRoutes, ...plansRoutes, ...readerPlaceholderRoutes, ...accountRoutes] },
  // Admins; signed out: /login, signed in without the admin flag: 403.
  { element: <RequireAdmin />, children: [...adminFeedbackRoutes, ...adminRoutes] },
];

function localeLoader(locale: Locale) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (locale === DEFAULT_LOCALE) {
      // Unprefixed URL: follow the remembered choice, else the browser's language.
      const preferred = preferredLocale();
      if (preferred !== DEFAULT_LOCALE) {
        const url = new URL(request.url);
        throw redirect(`${localizePath(url.pathname, preferred)}${url.search}${url.hash}`);
      }
    }
    await withChunkReload(() => ensureLocale(locale))();
    return null;
  };
}

export function appRoutes(): RouteObject[] {
  return LOCALES.map((locale) => ({
    id: `locale-${locale}`,
    path: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
    loader: localeLoader(locale),
    // The locale loader only runs when entering a locale; moving between pages does not repeat it.
    shouldRevalidate: () => false,
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <HydrateFallback />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [...featureRoutes, { path: '*', element: <NotFoundPage /> }],
      },
    ],
  }));
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
