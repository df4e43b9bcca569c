import { useMemo } from 'react';
import { format, type Locale as BibleLocale } from '@/shared/bible';
import { LOCALE_INFO, useLocale } from '@/shared/i18n';
import type { ReadingPlan } from '@/shared/readmodels';
import { addDays } from './schedule';

type Passage = ReadingPlan['days'][number]['passages'][number];

export interface PlanFormats {
  /** "Genesis 1–3" in the page's language. */
  passage(range: Passage): string;
  /** The passages of a day: "Genesis 1; Matthew 1". */
  passages(ranges: readonly Passage[]): string;
  /** "Mon, Feb 3" */
  dayDate(iso: string): string;
  /** "February 3, 2027" */
  date(iso: string): string;
  /** The narrow or short name of an ISO weekday (1 Monday ... 7 Sunday). */
  weekday(isoDay: number, width: 'short' | 'long'): string;
  integer(value: number): string;
}

// 2024-01-01 was a Monday: ISO weekday n is that date plus n - 1 days.
const A_MONDAY = '2024-01-01';

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** Passages, dates and weekdays of plans in the page's language. */
export function usePlanFormats(): PlanFormats {
  const { locale } = useLocale();
  return useMemo(() => {
    const tag = LOCALE_INFO[locale].tag;
    const dayDate = new Intl.DateTimeFormat(tag, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
    const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    const passage = (range: Passage) => format(range, locale as BibleLocale);
    return {
      passage,
      passages: (ranges) => ranges.map(passage).join('; '),
      dayDate: (iso) => dayDate.format(utc(iso)),
      date: (iso) => date.format(utc(iso)),
      weekday: (isoDay, width) => (width === 'short' ? short : long).format(utc(addDays(A_MONDAY, isoDay - 1))),
      integer: (value) => integer.format(value),
    };
  }, [locale]);
}
