import { LOCALE_INFO, useLocale } from '@/shared/i18n';

/** A date and time in the page's language: "Nov 25, 2026, 9:14 PM". */
export function useDateTime(): (iso: string) => string {
  const { locale } = useLocale();
  const format = new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}
