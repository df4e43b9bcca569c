// Locales the interface is offered in. English is the default and its routes carry no prefix;
// every other locale lives under "/<code>" (for example /de/books).

export const LOCALES = ['en', 'de', 'es', 'fr', 'pt', 'uk', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export interface LocaleInfo {
  /** The language's own name, as shown in the language switcher. */
  name: string;
  /** BCP 47 tag used for <html lang> and number/date formatting. */
  tag: string;
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { name: 'English', tag: 'en-US' },
  de: { name: 'Deutsch', tag: 'de-DE' },
  es: { name: 'Español', tag: 'es-ES' },
  fr: { name: 'Français', tag: 'fr-FR' },
  pt: { name: 'Português', tag: 'pt-BR' },
  uk: { name: 'українська', tag: 'uk-UA' },
  ko: { name: '한국어', tag: 'ko-KR' },
};

export const LANG_COOKIE = 'lamplight_lang';
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Splits "/de/books" into { locale: 'de', path: '/books' }; unprefixed paths are English. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1], path: match[2] || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** Prefixes an app path ("/books", "/") with the locale: "/de/books", "/de". */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** Maps browser languages ("de-AT", "pt-PT", "uk") to a supported locale; English otherwise. */
export function matchLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const base = language.toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

export function readLocaleCookie(cookie: string = document.cookie): Locale | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANG_COOKIE && isLocale(value)) return value;
  }
  return null;
}

export function rememberLocale(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/** The locale for an unprefixed URL: the remembered choice, else the browser's languages. */
export function preferredLocale(): Locale {
  const remembered = readLocaleCookie();
  if (remembered) return remembered;
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return matchLocale(languages.filter(Boolean));
}
