import { useEffect, useRef } from 'react';
import { useAuth, useFinishSignOut, useUpdateCurrentUserMutation, type AuthStatus } from '@/shared/auth';
import { useLocale, type Locale } from '@/shared/i18n';

/**
 * Session upkeep: ends the Log Out state once the home page shows, and keeps the account's language in step with the interface: saved (PUT /api/auth/user) when a
 * signed-in reader switches language, and when someone signs in using another language than the
 * account has. Opening the app with an existing session changes nothing.
 */
export function SessionEffects() {
  const { status, user } = useAuth();
  const { locale } = useLocale();
  const [update] = useUpdateCurrentUserMutation();
  const previous = useRef<{ status: AuthStatus; locale: Locale } | null>(null);
  useFinishSignOut();

  useEffect(() => {
    const before = previous.current;
    previous.current = { status, locale };
    if (status !== 'signedIn' || !user || user.locale === locale || !before) return;
    const switched = before.status === 'signedIn' && before.locale !== locale;
    const signedIn = before.status === 'signedOut';
    if (switched || signedIn) void update({ locale });
  }, [status, user, locale, update]);

  return null;
}
