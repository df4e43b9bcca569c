import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { browserTimeZone, returnPathOrHome, useAuth, useSetSignedInUser } from '@/shared/auth';
import { localizePath, useLocale, useLocaleNavigate } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { ButtonLink, FormAlert, ProgressBar, useErrorMessages } from '@/shared/ui';
import { useGoogleCallbackMutation } from '../api';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/Form.module.css';

/**
 * /google-login: Google sends the browser back here with ?code=&state=. The page hands both to
 * the server, which signs the reader in and answers with the page first asked for.
 */
export function GoogleLoginPage() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('googleLogin.title'));
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const googleError = params.get('error');
  const { locale } = useLocale();
  const navigate = useLocaleNavigate();
  const auth = useAuth();
  const setUser = useSetSignedInUser();
  const messages = useErrorMessages();
  const [callback] = useGoogleCallbackMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const started = useRef(false);
  useEffect(() => {
    if (!code || !state || started.current) return;
    started.current = true;
    callback({ code, state, locale, timeZone: browserTimeZone() })
      .unwrap()
      .then((result) => {
        setUser(result.user);
        navigate(returnPathOrHome(result.returnTo), { replace: true });
      })
      .catch((caught: unknown) => {
        const error = toApiError(caught);
        const stale = error.status === 400 || error.code === 'invalid_request';
        setFailure(stale ? t('googleLogin.expired') : (messages.request(error) ?? t('googleLogin.expired')));
      });
  }, [code, state, locale, callback, navigate, setUser, messages, t]);

  const missing = !code || !state;
  if (missing && !googleError && auth.status === 'signedIn') {
    return <Navigate to={localizePath('/today', locale)} replace />;
  }
  const waiting = missing ? !googleError && auth.status === 'loading' : !failure;

  if (!waiting) {
    return (
      <AuthCard heading={t('googleLogin.failedHeading')}>
        <FormAlert>{failure ?? t('googleLogin.cancelled')}</FormAlert>
        <ButtonLink to="/login" className={styles.wide}>
          {t('googleLogin.backToLogin')}
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard heading={t('googleLogin.working')}>
      <ProgressBar active label={t('googleLogin.working')} />
    </AuthCard>
  );
}
