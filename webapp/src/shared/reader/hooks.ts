import { skipToken } from '@reduxjs/toolkit/query';
import { useGetLogQuery, useGetReaderSettingsQuery } from './api';
import { resolveBibleApp, useBrowserBibleApp } from './bibleApp';

/**
 * Loads a signed-in reader's log and settings at start (the app shell calls it), so every reader
 * screen finds them in the cache. Does nothing while signed out. When the window is back in focus
 * or online, the log catches up with writes made elsewhere (another device or tab): a request
 * for the changes only, so there is no need to wait a while between catch-ups.
 */
export function useReaderStartup(signedIn: boolean): void {
  useGetReaderSettingsQuery(signedIn ? undefined : skipToken);
  useGetLogQuery(signedIn ? undefined : skipToken, { refetchOnFocus: true, refetchOnReconnect: true });
}

/** The Bible app reading links open: this browser's choice, else the account's, else the default. */
export function usePreferredBibleApp(): string {
  const browser = useBrowserBibleApp();
  const { data: settings } = useGetReaderSettingsQuery();
  return resolveBibleApp(browser, settings?.preferredBibleApp);
}
