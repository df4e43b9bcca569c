import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishModuleApiErrors from 'virtual:module-api-errors/en';
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from './locales';
import { DEFAULT_NS, EAGER_NAMESPACES, enResources, type Namespace } from './resources';

type JsonModule = { default: Record<string, unknown> };
type ApiErrorTexts = Record<string, string>;

// Every locale file except the bundled English ones becomes its own small chunk, fetched when
// first needed.
const lazyResources = import.meta.glob<JsonModule>([
  './locales/*/*.json',
  '!./locales/en/common.json',
  '!./locales/en/home.json',
]);

// The namespaces are the English files.
const NAMESPACES = [
  ...EAGER_NAMESPACES,
  ...Object.keys(lazyResources)
    .filter((path) => path.startsWith('./locales/en/'))
    .map((path) => path.slice('./locales/en/'.length, -'.json'.length)),
];

// The messages of the error codes modules keep in their own namespace files (their apiError key),
// merged per locale by moduleApiErrors (vite.config.ts); they join common's apiError. English is in
// the bundle, another locale's come in one small chunk with the locale; the rest of a module's
// namespace stays lazy.
const moduleApiErrors: Record<Locale, () => Promise<{ default: ApiErrorTexts }>> = {
  en: () => Promise.resolve({ default: englishModuleApiErrors }),
  de: () => import('virtual:module-api-errors/de'),
  es: () => import('virtual:module-api-errors/es'),
  fr: () => import('virtual:module-api-errors/fr'),
  pt: () => import('virtual:module-api-errors/pt'),
  uk: () => import('virtual:module-api-errors/uk'),
  ko: () => import('virtual:module-api-errors/ko'),
};

function addApiErrors(locale: Locale, texts: ApiErrorTexts): void {
  i18n.addResourceBundle(locale, DEFAULT_NS, { apiError: texts }, true, true);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: Object.keys(LOCALE_INFO),
  resources: { [DEFAULT_LOCALE]: enResources },
  // Lazy namespaces are added as their routes load them.
  partialBundledLanguages: true,
  ns: NAMESPACES,
  defaultNS: DEFAULT_NS,
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
addApiErrors(DEFAULT_LOCALE, englishModuleApiErrors);

// Namespaces the pages seen so far needed; switching language loads them in the new language.
const wanted = new Set<Namespace>(EAGER_NAMESPACES);
const loading = new Map<string, Promise<void>>();

function loadBundle(locale: Locale, ns: Namespace): Promise<void> {
  const key = `${locale}/${ns}`;
  let pending = loading.get(key);
  if (!pending) {
    const load = lazyResources[`./locales/${key}.json`];
    if (!load) return Promise.resolve();
    pending = load().then((module) => {
      i18n.addResourceBundle(locale, ns, module.default, true, true);
    });
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

function loadApiErrors(locale: Locale): Promise<void> {
  const key = `${locale}?apiError`;
  let pending = loading.get(key);
  if (!pending) {
    pending = moduleApiErrors[locale]().then((module) => addApiErrors(locale, module.default));
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Loads namespaces (once per locale) for the pages of a route; see lazyRoute's `namespaces`. */
export async function loadNamespaces(locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  await Promise.all(namespaces.map((ns) => loadBundle(locale, ns)));
}

/** Loads a locale's resources (once), switches to it and keeps <html lang> in sync. */
export async function ensureLocale(locale: Locale): Promise<void> {
  await Promise.all([loadApiErrors(locale), ...[...wanted].map((ns) => loadBundle(locale, ns))]);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = LOCALE_INFO[locale].tag;
}
