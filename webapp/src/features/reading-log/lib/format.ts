import { useMemo } from 'react';
import { LOCALE_INFO, useLocale, type Locale } from '@/shared/i18n';
import { formatsFor, keepUnitTogether } from '@/shared/lib/formats';
import { isoToUtc } from './dates';

export interface Formats {
  locale: Locale;
  /** BCP 47 tag, e.g. de-DE. */
  tag: string;
  /** Grouped whole numbers: 31,102 / 31.102 / 31 102. */
  integer(n: number): string;
  /** Up to two fraction digits. */
  decimal(n: number): string;
  /** A fraction as a percent with up to two fraction digits: 0.1234 -> 12.34%. */
  percent(fraction: number): string;
  /** The share of something read as a percentage (see @/shared/lib/share). */
  share(read: number, total: number): string;
  /** A YYYY-MM-DD date in the reader's language. */
  date(iso: string, style?: 'full' | 'long' | 'medium' | 'short'): string;
  /** "March 2025". */
  month(iso: string): string;
  /** "Monday" / "Mon" for a date. */
  weekday(iso: string, width: 'long' | 'short'): string;
}

// Shared by every component and render: each Intl format takes milliseconds to create.
const dates = new Map<string, Intl.DateTimeFormat>();

/** Number formats of the page's locale (product spec §9, from @/shared/lib/formats) and the dates the log shows. */
export function useFormats(): Formats {
  const { locale } = useLocale();
  return useMemo(() => {
    const tag = LOCALE_INFO[locale].tag;
    const numbers = formatsFor(locale);
    const dateFormat = (key: string, options: Intl.DateTimeFormatOptions) => {
      let f = dates.get(`${tag} ${key}`);
      if (!f) {
        f = new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' });
        dates.set(`${tag} ${key}`, f);
      }
      return f;
    };
    return {
      locale,
      tag,
      integer: numbers.integer,
      decimal: numbers.decimal,
      percent: numbers.percent,
      share: numbers.share,
      date: (iso, style = 'long') => keepUnitTogether(dateFormat(`date-${style}`, { dateStyle: style }).format(isoToUtc(iso))),
      month: (iso) => dateFormat('month', { month: 'long', year: 'numeric' }).format(isoToUtc(iso)),
      weekday: (iso, width) => dateFormat(`weekday-${width}`, { weekday: width }).format(isoToUtc(iso)),
    };
  }, [locale]);
}
