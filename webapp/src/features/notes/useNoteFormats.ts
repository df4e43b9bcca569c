import { useMemo } from 'react';
import { LOCALE_INFO, useLocale } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';

/** Numbers, and note timestamps in the reader's language and time zone ("Nov 22, 2026, 9:41 AM"). */
export function useNoteFormats() {
  const { locale } = useLocale();
  const numbers = useFormats();
  return useMemo(() => {
    const stamp = new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { dateStyle: 'medium', timeStyle: 'short' });
    return { locale, integer: numbers.integer, timestamp: (iso: string) => stamp.format(new Date(iso)) };
  }, [locale, numbers]);
}
