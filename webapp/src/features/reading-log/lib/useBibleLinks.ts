import { useCallback } from 'react';
import { apps, defaultVersionFor, link, type Locale, type VerseRange } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { useGetReaderSettingsQuery, usePreferredBibleApp } from '@/shared/reader';

export interface BibleLinks {
  /** The app's display name, e.g. "Bible Gateway". */
  appName: string;
  /** The URL that opens the passage (its first chapter) in the reader's app and version. */
  href(range: VerseRange): string;
}

/** Links to the reader's preferred Bible app and version (the locale's default version until settings load). */
export function useBibleLinks(): BibleLinks {
  const { locale } = useLocale();
  const app = usePreferredBibleApp();
  const { data: settings } = useGetReaderSettingsQuery();
  const version = settings?.preferredBibleVersion || defaultVersionFor(locale as Locale);
  const appName = apps().find((info) => info.id === app)?.name ?? app;
  const href = useCallback((range: VerseRange) => link(app, version, range), [app, version]);
  return { appName, href };
}
