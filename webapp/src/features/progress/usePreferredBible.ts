import { useMemo } from 'react';
import { apps, defaultVersionFor, linkApp, normalizeVersion, type Locale } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { useGetReaderSettingsQuery, usePreferredBibleApp } from '@/shared/reader';

export interface PreferredBible {
  /** An app id for link(): "biblegateway", "youversion", ... */
  app: string;
  /** The display name of the app links open, "Bible Gateway" (a site with the version when the app lacks it). */
  appName: string;
  /** A version code, "NASB2020" (the locale's default version until the settings arrive). */
  version: string;
}

/** The reader's Bible app (this browser's choice, else the account's) and version. */
export function usePreferredBible(): PreferredBible {
  const { locale } = useLocale();
  const app = usePreferredBibleApp();
  const { data: settings } = useGetReaderSettingsQuery();
  const saved = settings?.preferredBibleVersion;
  return useMemo(() => {
    const version = saved ? normalizeVersion(saved) : defaultVersionFor(locale as Locale);
    const opens = linkApp(app, version);
    return { app, appName: apps().find((info) => info.id === opens)?.name ?? opens, version };
  }, [app, saved, locale]);
}
