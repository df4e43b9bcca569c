import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { baseApi } from '@/shared/api';
import { localizePath, useLocale } from '@/shared/i18n';
import { clearReaderCaches } from '@/shared/pwa';
import { authApi, useGetCurrentUserQuery, useLogoutMutation } from './api';
import { authSlice, signOutFinished, signOutStarted } from './authSlice';

type WithAuthSlice = { [authSlice.reducerPath]?: { signingOutFrom: string | null } };
import type { User } from './types';

// Shared code does not know the app's store type; any thunk-capable dispatch will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const useThunkDispatch = useDispatch.withTypes<ThunkDispatch<any, unknown, UnknownAction>>();

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut' | 'error';

export interface AuthState {
  status: AuthStatus;
  /** The signed-in user; null when signed out or not known yet. */
  user: User | null;
  isAdmin: boolean;
  /** The request error when the server could not tell (offline, 5xx). */
  error?: unknown;
}

/**
 * Who is signed in, from GET /api/auth/user (fetched once at start, again after the User tag is
 * invalidated). Every component may call it; they share one request.
 */
export function useAuth(): AuthState {
  const { data, error, isError } = useGetCurrentUserQuery();
  if (data) return { status: 'signedIn', user: data, isAdmin: data.isAdmin };
  if (data === null) return { status: 'signedOut', user: null, isAdmin: false };
  if (isError) return { status: 'error', user: null, isAdmin: false, error };
  return { status: 'loading', user: null, isAdmin: false };
}

/** Stores the user a sign-in answered with, so the app is signed in without another request. */
export function useSetSignedInUser(): (user: User) => void {
  const dispatch = useThunkDispatch();
  return useCallback(
    (user: User) => {
      dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
    },
    [dispatch],
  );
}

function clearSessionStorage(): void {
  try {
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (privacy settings); nothing was kept there then.
  }
}

export interface SignOutOptions {
  /** POST /api/auth/logout first (default). False when the server already ended the session. */
  callServer?: boolean;
}

/** Whether Log Out is under way (the guards then wait instead of redirecting to /login). */
export function useSigningOut(): boolean {
  return useSelector((state: WithAuthSlice) => Boolean(state[authSlice.reducerPath]?.signingOutFrom));
}

/**
 * Ends the signing-out state once the page after Log Out is shown (call in a component that is
 * always mounted; effects run after the protected page is gone).
 */
export function useFinishSignOut(): void {
  const dispatch = useThunkDispatch();
  const { key } = useLocation();
  const from = useSelector((state: WithAuthSlice) => state[authSlice.reducerPath]?.signingOutFrom ?? null);
  useEffect(() => {
    if (from !== null && from !== key) void forgetSignedInData(dispatch);
  }, [dispatch, from, key]);
}

/**
 * Drops every cached response and ends the sign-out. It runs once the page signed out from has
 * been left: a page still mounted would ask again at once for what the cache held.
 */
async function forgetSignedInData(dispatch: ReturnType<typeof useThunkDispatch>): Promise<void> {
  dispatch(baseApi.util.resetApiState());
  await dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
  dispatch(signOutFinished());
}

/**
 * Signs out in the browser: ends the session on the server, clears session storage and this
 * reader's service worker caches, drops every cached response (RTK Query), marks the user signed
 * out and goes to the home page.
 */
export function useSignOut(): (options?: SignOutOptions) => Promise<void> {
  const dispatch = useThunkDispatch();
  const navigate = useNavigate();
  const { key } = useLocation();
  const { locale, path } = useLocale();
  const [logout] = useLogoutMutation();
  return useCallback(
    async ({ callServer = true }: SignOutOptions = {}) => {
      if (callServer) {
        try {
          await logout().unwrap();
        } catch {
          // Signed out locally anyway: the session may already be gone on the server.
        }
      }
      clearSessionStorage();
      await clearReaderCaches();
      // The guards wait (no redirect to /login) until the home page is shown; see useFinishSignOut.
      dispatch(signOutStarted(key));
      // Signed out first: guarded pages and signed-in-only queries go away. The cache is
      // dropped once the home page shows (useFinishSignOut), or now when already home.
      await dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
      if (path === '/') await forgetSignedInData(dispatch);
      else await navigate(localizePath('/', locale));
    },
    [dispatch, navigate, key, locale, path, logout],
  );
}
