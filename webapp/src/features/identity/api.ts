import { baseApi, type Schemas } from '@/shared/api';
import { authApi, type SignInResponse, type User } from '@/shared/auth';

/** GET /api/auth/config: what the sign-in screens offer. */
export type AuthConfig = Schemas['AuthConfig'];

export interface Registered {
  email: string;
  verificationRequired: boolean;
  resendCooldownSeconds: number;
}

export interface CodeSent {
  email: string;
  resendCooldownSeconds?: number;
}

/** A signed-in browser or device (GET /api/auth/sessions). */
export type Session = Schemas['AuthSession'];

export interface Credentials {
  email: string;
  password: string;
  locale: string;
  timeZone: string;
}

/** Stores the user a sign-in answered with: the app is signed in at once. */
async function storeSignedInUser(
  queryFulfilled: Promise<{ data: SignInResponse }>,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data.user));
  } catch {
    // The page shows the error.
  }
}

/** Identity's endpoints under /api/auth (sign-in, verification, password, email, sessions). */
export const identityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    authConfig: build.query<AuthConfig, void>({
      query: () => '/auth/config',
      keepUnusedDataFor: 3600,
    }),
    register: build.mutation<Registered, Credentials>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    login: build.mutation<SignInResponse, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSignedInUser(queryFulfilled, dispatch),
    }),
    verifyEmail: build.mutation<SignInResponse, { email: string; code: string } | { token: string }>({
      query: (body) => ({ url: '/auth/verify-email', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSignedInUser(queryFulfilled, dispatch),
    }),
    resendVerification: build.mutation<CodeSent, { email: string }>({
      query: (body) => ({ url: '/auth/verify-email/resend', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<CodeSent, { email: string }>({
      query: (body) => ({ url: '/auth/password-reset', method: 'POST', body }),
    }),
    checkPasswordReset: build.query<{ email: string }, string>({
      query: (token) => ({ url: '/auth/password-reset', params: { token } }),
      keepUnusedDataFor: 0,
    }),
    completePasswordReset: build.mutation<
      SignInResponse,
      { token: string; password: string } | { email: string; code: string; password: string }
    >({
      query: (body) => ({ url: '/auth/password-reset/complete', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSignedInUser(queryFulfilled, dispatch),
    }),
    googleCallback: build.mutation<SignInResponse, { code: string; state: string; locale: string; timeZone: string }>({
      query: (body) => ({ url: '/auth/google/callback', method: 'POST', body }),
    }),
    changePassword: build.mutation<void, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/password', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Session', id: 'LIST' }],
    }),
    requestEmailChange: build.mutation<CodeSent, { email: string; password?: string }>({
      query: (body) => ({ url: '/auth/email-change', method: 'POST', body }),
    }),
    confirmEmailChange: build.mutation<User, { code: string }>({
      query: (body) => ({ url: '/auth/email-change/confirm', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // The page shows the error.
        }
      },
    }),
    deleteAccount: build.mutation<void, { password?: string }>({
      query: (body) => ({ url: '/auth/user', method: 'DELETE', body }),
    }),
    sessions: build.query<Session[], void>({
      query: () => '/auth/sessions',
      providesTags: [{ type: 'Session', id: 'LIST' }],
    }),
    revokeSession: build.mutation<void, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Session', id: 'LIST' }],
    }),
    revokeOtherSessions: build.mutation<{ revoked: number }, void>({
      query: () => ({ url: '/auth/sessions/revoke-others', method: 'POST' }),
      invalidatesTags: [{ type: 'Session', id: 'LIST' }],
    }),
  }),
});

export const {
  useAuthConfigQuery,
  useRegisterMutation,
  useLoginMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useRequestPasswordResetMutation,
  useCheckPasswordResetQuery,
  useCompletePasswordResetMutation,
  useGoogleCallbackMutation,
  useChangePasswordMutation,
  useRequestEmailChangeMutation,
  useConfirmEmailChangeMutation,
  useDeleteAccountMutation,
  useSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
} = identityApi;
