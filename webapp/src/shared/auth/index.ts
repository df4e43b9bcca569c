export { authApi, useGetCurrentUserQuery, useUpdateCurrentUserMutation } from './api';
export { authSlice } from './authSlice';
export { useAuth, useSetSignedInUser, useFinishSignOut, useSignOut, useSigningOut, type AuthState, type AuthStatus, type SignOutOptions } from './useAuth';
export { HOME_SIGNED_IN, RETURN_TO_PARAM, returnPathOrHome, safeReturnPath, withReturnTo } from './returnPath';
export { browserTimeZone } from './timeZone';
export type { SignInResponse, User } from './types';
