import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_INFO, localizePath, matchLocale, splitLocalePath, type Locale } from './locales';
import generatedTypes from './namespaces.gen.ts?raw';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

// A language writes only the plural forms it uses (Korean only "other"); English lists every
// form some language needs, so a form the language's plural rules never pick is not missing.
function unusedPluralForm(locale: string, key: string): boolean {
  const form = PLURAL.exec(key)?.[1];
  if (!form || form === 'other') return false;
  const tag = LOCALE_INFO[locale as Locale].tag;
  return !new Intl.PluralRules(tag).resolvedOptions().pluralCategories.includes(form as Intl.LDMLPluralRule);
}

function keysOf(locale: string, namespace: string): string[] | undefined {
  const tree = files[`./locales/${locale}/${namespace}.json`];
  return tree ? flatten(tree) : undefined;
}

const namespaces = Object.keys(files)
  .filter((path) => path.startsWith('./locales/en/'))
  .map((path) => path.replace('./locales/en/', '').replace('.json', ''));

describe('translations', () => {
  it('has English namespaces', () => {
    expect(namespaces).toContain('common');
    expect(namespaces).toContain('home');
  });

  it('types every namespace there is a file for (npm run i18n-types writes namespaces.gen.ts)', () => {
    const typed = [...generatedTypes.matchAll(/^ {2}(\w+): typeof \w+;$/gm)].map((m) => m[1]);
    expect(typed).toEqual([...namespaces].sort());
  });

  it('has no namespace that English lacks', () => {
    const extra = Object.keys(files).filter((path) => !namespaces.includes(path.split('/')[3]!.replace('.json', '')));
    expect(extra).toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    for (const namespace of namespaces) {
      it(`${locale}/${namespace} has every key English has`, () => {
        const english = keysOf('en', namespace)!;
        const translated = keysOf(locale, namespace);
        expect(translated, `missing file locales/${locale}/${namespace}.json`).toBeDefined();
        expect(english.filter((key) => !translated!.includes(key) && !unusedPluralForm(locale, key))).toEqual([]);
      });

      it(`${locale}/${namespace} has no key that English lacks`, () => {
        const english = keysOf('en', namespace)!;
        const translated = keysOf(locale, namespace) ?? [];
        expect(translated.filter((key) => !english.includes(key))).toEqual([]);
      });

      // Languages translated before this rule copy every form; Korean shows how it should be.
      if (locale === 'ko') {
        it(`${locale}/${namespace} writes no plural form its language never uses`, () => {
          expect((keysOf(locale, namespace) ?? []).filter((key) => unusedPluralForm(locale, key))).toEqual([]);
        });
      }

      it(`${locale}/${namespace} keeps the interpolation placeholders`, () => {
        const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
        const lookup = (tree: Tree, key: string) =>
          key.split('.').reduce<Tree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
        for (const key of keysOf('en', namespace)!) {
          const en = lookup(files[`./locales/en/${namespace}.json`]!, key);
          const other = lookup(files[`./locales/${locale}/${namespace}.json`] ?? {}, key);
          if (typeof en === 'string' && typeof other === 'string') {
            expect(placeholders(other), `${locale}/${namespace}:${key}`).toEqual(placeholders(en));
          }
        }
      });
    }
  }
});

describe('locale paths', () => {
  it('splits the prefix off a path', () => {
    expect(splitLocalePath('/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePath('/books/1')).toEqual({ locale: 'en', path: '/books/1' });
    expect(splitLocalePath('/de')).toEqual({ locale: 'de', path: '/' });
    expect(splitLocalePath('/de/books')).toEqual({ locale: 'de', path: '/books' });
    expect(splitLocalePath('/uk/')).toEqual({ locale: 'uk', path: '/' });
    expect(splitLocalePath('/ko/today')).toEqual({ locale: 'ko', path: '/today' });
    expect(splitLocalePath('/en/books')).toEqual({ locale: 'en', path: '/en/books' });
    expect(splitLocalePath('/desk')).toEqual({ locale: 'en', path: '/desk' });
  });

  it('prefixes app paths for non-English locales only', () => {
    expect(localizePath('/', 'en')).toBe('/');
    expect(localizePath('/books', 'en')).toBe('/books');
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/books', 'pt')).toBe('/pt/books');
  });

  it('matches browser languages to a supported locale', () => {
    expect(matchLocale(['de-AT', 'en'])).toBe('de');
    expect(matchLocale(['pt-PT'])).toBe('pt');
    expect(matchLocale(['nl-NL', 'uk-UA'])).toBe('uk');
    expect(matchLocale(['ko-KR', 'en'])).toBe('ko');
    expect(matchLocale(['nl-NL'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });
});
