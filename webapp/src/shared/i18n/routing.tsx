import { forwardRef, useCallback } from 'react';
import {
  Link,
  NavLink,
  useLocation,
  useNavigate,
  type LinkProps,
  type NavigateOptions,
  type NavLinkProps,
  type To,
} from 'react-router';
import { localizePath, rememberLocale, splitLocalePath, type Locale } from './locales';

/** The locale of the current URL and the app path without its prefix. */
export function useLocale(): { locale: Locale; path: string } {
  const { pathname } = useLocation();
  return splitLocalePath(pathname);
}

function localizeTo(to: To, locale: Locale): To {
  if (typeof to === 'string') {
    return to.startsWith('/') ? localizePath(to, locale) : to;
  }
  if (to.pathname?.startsWith('/')) return { ...to, pathname: localizePath(to.pathname, locale) };
  return to;
}

/** Returns a function that turns an app path ("/books") into the current locale's ("/de/books"). */
export function useLocalePath(): (path: string) => string {
  const { locale } = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

/** A Link whose absolute targets are written without a locale prefix: "/books". */
export const LocaleLink = forwardRef<HTMLAnchorElement, LinkProps>(function LocaleLink({ to, ...rest }, ref) {
  const { locale } = useLocale();
  return <Link ref={ref} to={localizeTo(to, locale)} {...rest} />;
});

/** A NavLink (active state aware) whose absolute targets are written without a locale prefix. */
export const LocaleNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function LocaleNavLink(
  { to, ...rest },
  ref,
) {
  const { locale } = useLocale();
  return <NavLink ref={ref} to={localizeTo(to, locale)} {...rest} />;
});

/** navigate() for app paths: navigate('/books') goes to /de/books in German. */
export function useLocaleNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const { locale } = useLocale();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') void navigate(to);
      else void navigate(localizeTo(to, locale), options);
    },
    [navigate, locale],
  );
}

/** Switches the interface language: remembers the choice and keeps the current page. */
export function useSwitchLocale(): (next: Locale) => void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(
    (next: Locale) => {
      rememberLocale(next);
      const { path } = splitLocalePath(pathname);
      void navigate({ pathname: localizePath(path, next), search, hash });
    },
    [navigate, pathname, search, hash],
  );
}
