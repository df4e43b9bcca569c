import { baseApi, type Schemas } from '@/shared/api';

export type AdminUserRow = Schemas['AdminUserRow'];
export type AdminUserDetail = Schemas['AdminUserDetail'];
export type AuditLine = Schemas['AdminAuditLine'];
export type UsersReport = Schemas['AdminUsersReport'];
export type EngagementReport = Schemas['EngagementReport'];
export type EngagementDay = EngagementReport['days'][number];
export type Cohort = EngagementReport['cohorts'][number];

export const USER_SORTS = ['email', 'created', 'lastActive', 'entries'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USERS_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE = 20;

export interface UsersPage {
  size: number;
  results: AdminUserRow[];
}

export interface AuditPage {
  size: number;
  results: AuditLine[];
}

export interface UsersArgs {
  search: string;
  sort: UserSort;
  offset: number;
}

const USERS = { type: 'AdminUser', id: 'LIST' } as const;
const AUDIT = { type: 'AdminUser', id: 'AUDIT' } as const;
const user = (id: string) => ({ type: 'AdminUser' as const, id });
const path = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/** Where the CSV downloads are: plain links, so the browser saves them. */
export const csvLinks = {
  usersReport: '/api/admin/users-report?format=csv',
  engagement: (from: string, to: string, table: 'days' | 'cohorts') =>
    `/api/admin/engagement?${new URLSearchParams({ from, to, format: 'csv', table }).toString()}`,
};

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UsersPage, UsersArgs>({
      query: ({ search, sort, offset }) => ({ url: '/admin/users', params: { search, sort, limit: USERS_PAGE_SIZE, offset } }),
      providesTags: [USERS],
    }),
    getUser: build.query<AdminUserDetail, string>({
      query: (id) => path(id),
      providesTags: (_r, _e, id) => [user(id)],
    }),
    setAdmin: build.mutation<AdminUserDetail, { id: string; isAdmin: boolean }>({
      query: ({ id, isAdmin }) => ({ url: `${path(id)}/admin`, method: 'PUT', body: { isAdmin } }),
      invalidatesTags: (_r, _e, { id }) => [USERS, AUDIT, user(id)],
    }),
    resendVerification: build.mutation<AdminUserDetail, string>({
      query: (id) => ({ url: `${path(id)}/verification`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [AUDIT, user(id)],
    }),
    signOutEverywhere: build.mutation<AdminUserDetail, string>({
      query: (id) => ({ url: `${path(id)}/sign-out`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [AUDIT, user(id)],
    }),
    deleteUser: build.mutation<{ deleted: boolean }, { id: string; confirmEmail: string }>({
      query: ({ id, confirmEmail }) => ({ url: `${path(id)}/delete`, method: 'POST', body: { confirmEmail } }),
      invalidatesTags: [USERS, AUDIT],
    }),
    getAudit: build.query<AuditPage, number>({
      query: (offset) => ({ url: '/admin/audit', params: { limit: AUDIT_PAGE_SIZE, offset } }),
      providesTags: [AUDIT],
    }),
    getUsersReport: build.query<UsersReport, void>({
      query: () => '/admin/users-report',
      providesTags: [USERS],
    }),
    getEngagement: build.query<EngagementReport, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/admin/engagement', params: { from, to } }),
    }),
  }),
});

export const {
  useGetUsersQuery,
  useGetUserQuery,
  useSetAdminMutation,
  useResendVerificationMutation,
  useSignOutEverywhereMutation,
  useDeleteUserMutation,
  useGetAuditQuery,
  useGetUsersReportQuery,
  useGetEngagementQuery,
} = adminApi;
