import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { homeRoutes } from '@/features/home';
import { DEFAULT_LOCALE, LOCALES, ensureLocale, localizePath, preferredLocale, type Locale } from '@/shared/i18n';
import { withChunkReload } from '@/shared/lib/chunkReload';
import { NotFoundPage } from '@/shared/ui';
import { AppShell, HydrateFallback } from './AppShell';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * Every feature's routes, written once without a locale prefix (paths relative: "books",
 * "books/:book"). They are mounted under "/" for English and "/de", "/es", ... for the others.
 */
export const featureRoutes: RouteObject[] = [...homeRoutes];

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
