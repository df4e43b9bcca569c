import { useMemo } from 'react';
import { LOCALE_INFO, useLocale } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';
import { relativeTime } from './model/relative';

/**
 * Numbers, and note timestamps in the reader's language and time zone: exact ("Nov 22, 2026, 9:41
 * AM") and relative to now ("3 days ago").
 */
export function useNoteFormats() {
  const { locale } = useLocale();
  const numbers = useFormats();
  return useMemo(() => {
    const tag = LOCALE_INFO[locale].tag;
    const stamp = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
    const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
    return {
      locale,
      integer: numbers.integer,
      timestamp: (iso: string) => stamp.format(new Date(iso)),
      ago: (iso: string, now = new Date()) => {
        const { value, unit } = relativeTime(new Date(iso), now);
        return relative.format(value, unit);
      },
    };
  }, [locale, numbers]);
}
