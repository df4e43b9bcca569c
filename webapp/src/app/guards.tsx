import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { returnPathOrHome, useAuth, useSigningOut, withReturnTo, type AuthState } from '@/shared/auth';
import { localizePath, splitLocalePath } from '@/shared/i18n';
import { ErrorPage, useErrorMessages } from '@/shared/ui';

// Route guards: pathless layout routes in router.tsx wrap the pages they protect.
// While GET /api/auth/user is on its way they render nothing (the progress bar shows).

function AuthUnknown({ auth }: { auth: AuthState }) {
  const messages = useErrorMessages();
  const error = toApiError(auth.error);
  return <ErrorPage status={typeof error.status === 'number' ? error.status : 503} message={messages.request(error)} />;
}

/** Sends a signed-out visitor to /login?returnTo=<this page> (same language). */
function ToLogin() {
  const location = useLocation();
  const { locale, path } = splitLocalePath(location.pathname);
  const target = withReturnTo('/login', `${path}${location.search}${location.hash}`);
  return <Navigate to={localizePath(target, locale)} replace />;
}

/** Pages that need a signed-in reader: signed-out visitors go to /login and come back after. */
export function RequireAuth() {
  const auth = useAuth();
  const signingOut = useSigningOut();
  if (auth.status === 'loading' || (signingOut && auth.status !== 'signedIn')) return null;
  if (auth.status === 'error') return <AuthUnknown auth={auth} />;
  if (auth.status === 'signedOut') return <ToLogin />;
  return <Outlet />;
}

/** Admin pages: /login when signed out, 403 without the admin flag. */
export function RequireAdmin() {
  const auth = useAuth();
  const signingOut = useSigningOut();
  const { t } = useTranslation();
  if (auth.status === 'loading' || (signingOut && auth.status !== 'signedIn')) return null;
  if (auth.status === 'error') return <AuthUnknown auth={auth} />;
  if (auth.status === 'signedOut') return <ToLogin />;
  if (!auth.isAdmin) return <ErrorPage status={403} message={t('error.forbidden')} title={t('error.title', { status: 403 })} />;
  return <Outlet />;
}

/**
 * Pages for signed-out visitors (login, register, verify-email, reset-password): a signed-in
 * reader goes on to the safe ?returnTo= page, or home (/today). Signing in on one of these pages
 * therefore lands on the right page by itself.
 */
export function GuestOnly() {
  const auth = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  if (auth.status === 'loading') return null;
  if (auth.status === 'signedIn') {
    const { locale } = splitLocalePath(location.pathname);
    return <Navigate to={localizePath(returnPathOrHome(params.get('returnTo')), locale)} replace />;
  }
  return <Outlet />;
}
