import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from './locales';
import { DEFAULT_NS, NAMESPACES, enResources } from './resources';

type JsonModule = { default: Record<string, unknown> };

// Every non-English locale file becomes its own small chunk, fetched when first needed.
const lazyResources = import.meta.glob<JsonModule>(['./locales/*/*.json', '!./locales/en/*.json']);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: Object.keys(LOCALE_INFO),
  resources: { [DEFAULT_LOCALE]: enResources },
  ns: NAMESPACES,
  defaultNS: DEFAULT_NS,
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const loading = new Map<Locale, Promise<void>>();

function loadLocale(locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all(
      NAMESPACES.map(async (ns) => {
        const load = lazyResources[`./locales/${locale}/${ns}.json`];
        if (!load) return;
        const module = await load();
        i18n.addResourceBundle(locale, ns, module.default, true, true);
      }),
    ).then(() => undefined);
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** Loads a locale's resources (once), switches to it and keeps <html lang> in sync. */
export async function ensureLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = LOCALE_INFO[locale].tag;
}
