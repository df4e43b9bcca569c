// Book names and abbreviations per locale (modules/bible/data/names.*.json) and the lookup that
// finds the book a reader means.
import namesDe from '@bible-data/names.de.json';
import namesEn from '@bible-data/names.en.json';
import namesEs from '@bible-data/names.es.json';
import namesFr from '@bible-data/names.fr.json';
import namesKo from '@bible-data/names.ko.json';
import namesPt from '@bible-data/names.pt.json';
import namesUk from '@bible-data/names.uk.json';
import ordinalsJson from '@bible-data/ordinals.json';
import { bookById, books } from './data';
import { ENGLISH, type Locale } from './locale';
import { exactKey, foldKey, isSpace, normalizeDashes, trimSpace } from './text';

type NamesJson = Readonly<
  Record<string, { readonly name: string; readonly chapterName?: string; readonly abbreviations: readonly string[] }>
>;

const namesByLocale: Readonly<Record<Locale, NamesJson>> = {
  en: namesEn,
  de: namesDe,
  es: namesEs,
  fr: namesFr,
  pt: namesPt,
  uk: namesUk,
  ko: namesKo,
};

function namesOf(locale: Locale): NamesJson {
  return namesByLocale[locale] ?? namesEn;
}

/** The book's display name in the locale (English for an unknown locale); "" for no book. */
export function bookName(book: number, locale: Locale): string {
  const b = bookById(book);
  return b ? (namesOf(locale)[b.usfm]?.name ?? '') : '';
}

/** What the locale calls one chapter of the book: "Psalm" for Psalms in English, else bookName. */
export function chapterName(book: number, locale: Locale): string {
  const b = bookById(book);
  return (b && namesOf(locale)[b.usfm]?.chapterName) || bookName(book, locale);
}

/** The abbreviations and other names accepted for the book in the locale, besides its name. */
export function bookAbbreviations(book: number, locale: Locale): readonly string[] {
  const b = bookById(book);
  return b ? (namesOf(locale)[b.usfm]?.abbreviations ?? []) : [];
}

interface NameTable {
  exact: Map<string, number>;
  folded: Map<string, number>;
}

const tables = new Map<NamesJson, NameTable>();

/** The locale's lookup table, built on first use. */
function nameTable(locale: Locale): NameTable {
  const names = namesOf(locale);
  let t = tables.get(names);
  if (t) return t;
  t = { exact: new Map(), folded: new Map() };
  for (const b of books()) {
    const entry = names[b.usfm]!;
    for (const s of [entry.name, ...entry.abbreviations]) t.exact.set(exactKey(s), b.id);
  }
  // A folded key shared by different books belongs to the spelling without accents:
  // Portuguese "Jo" (John) keeps "jo", and "Jó" (Job) is reached only with its accent.
  const byFold = new Map<string, Set<number>>();
  for (const [key, id] of t.exact) {
    const f = foldKey(key);
    const ids = byFold.get(f) ?? new Set();
    byFold.set(f, ids.add(id));
  }
  for (const [f, ids] of byFold) {
    const id = ids.size === 1 ? ids.values().next().value : t.exact.get(f);
    if (id === undefined) throw new Error(`bible data: accent-free spelling "${f}" is ambiguous`);
    t.folded.set(f, id);
  }
  tables.set(names, t);
  return t;
}

let ordinals: Map<string, string> | undefined;

/** Folded ordinal word ("first", "1re", "перше") -> digit. */
function ordinalDigits(): Map<string, string> {
  if (!ordinals) {
    ordinals = new Map();
    for (const [digit, words] of Object.entries(ordinalsJson as Record<string, string[]>)) {
      for (const w of words) ordinals.set(foldKey(exactKey(normalizeDashes(w))), digit);
    }
  }
  return ordinals;
}

/** Rewrites a name whose first word is an ordinal into the exact key with the digit. */
function ordinalKey(name: string): string | undefined {
  name = trimSpace(normalizeDashes(name));
  let i = 0;
  while (i < name.length && name[i] !== '.' && !isSpace(name.charCodeAt(i))) i++;
  if (i === 0 || i === name.length) return undefined;
  const rest = exactKey(name.slice(i));
  const digit = ordinalDigits().get(foldKey(exactKey(name.slice(0, i))));
  return digit === undefined || rest === '' ? undefined : digit + rest;
}

function lookupKey(key: string, locale: Locale): number | undefined {
  if (key === '') return undefined;
  for (const t of [nameTable(locale), nameTable(ENGLISH)]) {
    const id = t.exact.get(key) ?? t.folded.get(foldKey(key));
    if (id !== undefined) return id;
  }
  return undefined;
}

/**
 * The book a reader means by a name or abbreviation: the locale's names before English ones, exact
 * spellings before accent-free ones. A leading ordinal word followed by more words is read as the
 * digit first ("I Sa" is 1 Samuel even though "Isa" is Isaiah).
 */
export function lookupBook(name: string, locale: Locale): number | undefined {
  const key = ordinalKey(name);
  const id = key === undefined ? undefined : lookupKey(key, locale);
  return id ?? lookupKey(exactKey(name), locale);
}
