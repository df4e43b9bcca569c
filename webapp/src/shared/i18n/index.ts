export { i18n, ensureLocale, loadNamespaces } from './i18n';
export {
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_INFO,
  LANG_COOKIE,
  isLocale,
  localizePath,
  matchLocale,
  preferredLocale,
  readLocaleCookie,
  rememberLocale,
  splitLocalePath,
  type Locale,
} from './locales';
export { LocaleLink, LocaleNavLink, useLocale, useLocaleNavigate, useLocalePath, useSwitchLocale } from './routing';
export type { LazyNamespace, Namespace } from './resources';
