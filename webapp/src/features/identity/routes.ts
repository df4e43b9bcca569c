import { redirect, type RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

const NS = { namespaces: ['identity'] } as const;

// Every screen is its own lazily loaded chunk and brings its translations (the identity
// namespace); the app shell only knows these route objects.

/** Pages for signed-out visitors; the app mounts them behind the guest-page guard. */
export const identityGuestRoutes: RouteObject[] = [
  { path: 'login', lazy: lazyRoute(() => import('./pages/LoginPage'), (m) => m.LoginPage, NS) },
  { path: 'register', lazy: lazyRoute(() => import('./pages/RegisterPage'), (m) => m.RegisterPage, NS) },
  { path: 'verify-email', lazy: lazyRoute(() => import('./pages/VerifyEmailPage'), (m) => m.VerifyEmailPage, NS) },
  { path: 'reset-password', lazy: lazyRoute(() => import('./pages/ResetPasswordPage'), (m) => m.ResetPasswordPage, NS) },
];

/** Pages open to everyone: the Google callback decides for itself where to go. */
export const identityPublicRoutes: RouteObject[] = [
  { path: 'google-login', lazy: lazyRoute(() => import('./pages/GoogleLoginPage'), (m) => m.GoogleLoginPage, NS) },
];

/** The signed-in reader's account pages; the app mounts them behind the sign-in guard. */
export const accountRoutes: RouteObject[] = [
  { path: 'settings', lazy: lazyRoute(() => import('./pages/SettingsPage'), (m) => m.SettingsPage, NS) },
  { path: 'settings/email', lazy: lazyRoute(() => import('./pages/ChangeEmailPage'), (m) => m.ChangeEmailPage, NS) },
  { path: 'settings/password', lazy: lazyRoute(() => import('./pages/ChangePasswordPage'), (m) => m.ChangePasswordPage, NS) },
  {
    path: 'settings/delete-account',
    lazy: lazyRoute(() => import('./pages/DeleteAccountPage'), (m) => m.DeleteAccountPage, NS),
  },
  // An email change is confirmed with a code on /settings/email; the spec's /change-email leads there.
  {
    path: 'change-email',
    loader: ({ request }) => {
      const url = new URL(request.url);
      return redirect(url.pathname.replace(/change-email\/?$/, 'settings/email'));
    },
  },
];
