import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from './locales';
import { DEFAULT_NS, EAGER_NAMESPACES, NAMESPACES, enResources, type Namespace } from './resources';

type JsonModule = { default: Record<string, unknown> };

// Every locale file except the bundled English ones becomes its own small chunk, fetched when
// first needed.
const lazyResources = import.meta.glob<JsonModule>([
  './locales/*/*.json',
  '!./locales/en/common.json',
  '!./locales/en/home.json',
]);

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

/** Loads namespaces (once per locale) for the pages of a route; see lazyRoute's `namespaces`. */
export async function loadNamespaces(locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  await Promise.all(namespaces.map((ns) => loadBundle(locale, ns)));
}

/** Loads a locale's resources (once), switches to it and keeps <html lang> in sync. */
export async function ensureLocale(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((ns) => loadBundle(locale, ns)));
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = LOCALE_INFO[locale].tag;
}
