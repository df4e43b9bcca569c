import { useCallback } from 'react';
import { apps, defaultVersionFor, link, linkApp, type Locale, type VerseRange } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { useGetReaderSettingsQuery } from './api';
import { usePreferredBibleApp } from './hooks';

export interface BibleLinks {
  /** The display name of the app links open, e.g. "Bible Gateway" (a site with the version when the reader's app lacks it). */
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
  const opens = linkApp(app, version);
  const appName = apps().find((info) => info.id === opens)?.name ?? opens;
  const href = useCallback((range: VerseRange) => link(app, version, range), [app, version]);
  return { appName, href };
}
