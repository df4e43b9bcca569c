import { skipToken } from '@reduxjs/toolkit/query';
import { useGetLogEntriesQuery, useGetReaderSettingsQuery } from './api';
import { resolveBibleApp, useBrowserBibleApp } from './bibleApp';

/**
 * Loads a signed-in reader's log entries and settings at start (the app shell calls it), so every
 * reader screen finds them in the cache. Does nothing while signed out.
 */
export function useReaderStartup(signedIn: boolean): void {
  useGetReaderSettingsQuery(signedIn ? undefined : skipToken);
  useGetLogEntriesQuery(signedIn ? undefined : skipToken);
}

/** The Bible app reading links open: this browser's choice, else the account's, else the default. */
export function usePreferredBibleApp(): string {
  const browser = useBrowserBibleApp();
  const { data: settings } = useGetReaderSettingsQuery();
  return resolveBibleApp(browser, settings?.preferredBibleApp);
}
