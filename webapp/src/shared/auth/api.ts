import { baseApi } from '@/shared/api';
import type { User } from './types';

/**
 * Who is signed in. The session is the HttpOnly cookie `lamplight_session`, so the app asks
 * GET /api/auth/user: a user means signed in, 401 means signed out (data null).
 */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/auth/user');
        if (result.error?.status === 401) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as User };
      },
      providesTags: ['User'],
    }),
    updateCurrentUser: build.mutation<User, { locale?: string; timeZone?: string }>({
      query: (body) => ({ url: '/auth/user', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // Saving the language is best effort; the interface already switched.
        }
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useGetCurrentUserQuery, useUpdateCurrentUserMutation, useLogoutMutation } = authApi;

