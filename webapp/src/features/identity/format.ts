import { LOCALE_INFO, type Locale } from '@/shared/i18n';

/** "12 Mar 2026, 14:05" in the interface language. */
export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** "12 March 2026" in the interface language. */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { dateStyle: 'long' }).format(date);
}
