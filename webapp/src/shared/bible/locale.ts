// The seven interface languages and their reference-text conventions (modules/bible/data/locales.json).
import localesJson from '@bible-data/locales.json';
import { toLower, trimSpace } from './text';

/** A supported locale. English is the default and the fallback for anything else. */
export type Locale = 'en' | 'de' | 'es' | 'fr' | 'pt' | 'uk' | 'ko';

export const ENGLISH: Locale = 'en';

export interface LocaleInfo {
  readonly code: Locale;
  /** Language tag, e.g. "de-DE". */
  readonly tag: string;
  /** The language's own name. */
  readonly language: string;
  /** The version offered first to the locale's readers. */
  readonly defaultVersion: string;
  /** Displayed between chapter and verse: ":", "," (de) or "." (fr). */
  readonly chapterVerseSeparator: string;
  /** Accepted between chapter and verse when parsing. */
  readonly chapterVerseSeparators: readonly string[];
  /** Accepted after a verse to continue the same reference. */
  readonly listSeparators: readonly string[];
}

const infos = localesJson as readonly LocaleInfo[];
const byCode = new Map<string, LocaleInfo>(infos.map((info) => [info.code, info]));
const english = byCode.get(ENGLISH)!;

/** The locale's conventions; English for an unknown locale. */
export function localeInfo(locale: Locale): LocaleInfo {
  return byCode.get(locale) ?? english;
}

/** The supported locales, English first. */
export function locales(): Locale[] {
  return infos.map((info) => info.code);
}

/**
 * The supported locale a code or language tag names ("de", "de-DE", "pt_BR", "UK"), or undefined
 * for anything else (callers fall back to English).
 */
export function parseLocale(text: string): Locale | undefined {
  const code = toLower(trimSpace(text)).split(/[-_]/)[0]!;
  return byCode.get(code)?.code;
}

/** The locale's language tag, e.g. "de-DE". */
export function localeTag(locale: Locale): string {
  return localeInfo(locale).tag;
}

/** The separator readers of the locale expect between chapter and verse. */
export function chapterVerseSeparator(locale: Locale): string {
  return localeInfo(locale).chapterVerseSeparator;
}

/** The Bible version offered first to readers of the locale. */
export function defaultVersionFor(locale: Locale): string {
  return localeInfo(locale).defaultVersion;
}
