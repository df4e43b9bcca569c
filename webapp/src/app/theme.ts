import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect } from 'react';
import { useAuth } from '@/shared/auth';
import { useGetReaderSettingsQuery, useUpdateReaderThemeMutation } from '@/shared/reader';
import { knownTheme, readBrowserTheme, useThemeChoice, writeBrowserTheme, type ThemeChoice } from '@/shared/ui';

/**
 * The theme of the navigation bar's switcher. The browser's choice wins (a phone may stay dark, a
 * laptop light); a browser without one takes the account's, and keeps it, so its next first paint
 * is right. A signed-in reader's change is saved to the account too, for their next device.
 */
export function useTheme(): { theme: ThemeChoice; setTheme: (theme: ThemeChoice) => void } {
  const theme = useThemeChoice();
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const { data: settings } = useGetReaderSettingsQuery(signedIn ? undefined : skipToken);
  const [save] = useUpdateReaderThemeMutation();
  const account = knownTheme(settings?.theme);

  useEffect(() => {
    if (account && account !== 'system' && readBrowserTheme() === null) writeBrowserTheme(account);
  }, [account]);

  const setTheme = useCallback(
    (next: ThemeChoice) => {
      writeBrowserTheme(next);
      if (signedIn) void save(next);
    },
    [signedIn, save],
  );
  return { theme, setTheme };
}
