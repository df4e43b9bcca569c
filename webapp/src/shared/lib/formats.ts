// Numbers and dates in the reader's language (product spec §9): decimals with at most 2 fraction
// digits, percentages with at most 2, whole numbers grouped ("31,102", "31.102", "31 102").
import { useMemo } from 'react';
import { LOCALE_INFO, useLocale, type Locale } from '@/shared/i18n';
import { shareOf } from './share';

export interface Formats {
  /** "31,102" */
  integer(value: number): string;
  /** "86.33" */
  decimal(value: number): string;
  /** A fraction as a percentage: 0.4521 -> "45.21%" ("45,21 %" in German). */
  percent(fraction: number): string;
  /** The share of something read as a percentage, by the one rule of shareOf: 70 of 31,102 -> "0.22%". */
  share(read: number, total: number): string;
  /** A YYYY-MM-DD date written out: "November 22, 2026", "22. November 2026". */
  date(isoDate: string): string;
  /** A short date for tight places: "Nov 22", "22. Nov." */
  shortDate(isoDate: string): string;
}

const cache = new Map<Locale, Formats>();

function utcDate(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1));
}

/** Joins a short trailing unit ("2026 р.") to the number before it, so it never wraps alone. */
export function keepUnitTogether(text: string): string {
  return text.replace(/ (?=\S{1,2}\.?$)/u, '\u00a0');
}

/** A value made on first use: each Intl format takes milliseconds to create, and most screens use two or three. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** The formats of a locale (cached). */
export function formatsFor(locale: Locale): Formats {
  let formats = cache.get(locale);
  if (formats) return formats;
  const tag = LOCALE_INFO[locale].tag;
  const integer = lazy(() => new Intl.NumberFormat(tag, { maximumFractionDigits: 0, useGrouping: true }));
  const decimal = lazy(() => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }));
  const percent = lazy(() => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }));
  const date = lazy(() => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }));
  const shortDate = lazy(() => new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', timeZone: 'UTC' }));
  formats = {
    integer: (value) => integer().format(value),
    decimal: (value) => decimal().format(value),
    percent: (fraction) => percent().format(fraction),
    share: (read, total) => percent().format(shareOf(read, total)),
    date: (isoDate) => keepUnitTogether(date().format(utcDate(isoDate))),
    shortDate: (isoDate) => shortDate().format(utcDate(isoDate)),
  };
  cache.set(locale, formats);
  return formats;
}

/** The formats of the current page's locale. */
export function useFormats(): Formats {
  const { locale } = useLocale();
  return useMemo(() => formatsFor(locale), [locale]);
}
