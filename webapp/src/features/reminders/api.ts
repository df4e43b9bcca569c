import { baseApi, type Schemas } from '@/shared/api';

export type Reminder = Schemas['Reminder'];
export type ReminderInput = Schemas['ReminderInput'];
export type Channel = Reminder['channels'][number];

/** ISO weekdays, Monday 1 to Sunday 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const REMINDER = { type: 'Reminder', id: 'ME' } as const;

export const remindersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReminder: build.query<Reminder, void>({
      query: () => '/reminders',
      providesTags: [REMINDER],
    }),
    saveReminder: build.mutation<Reminder, ReminderInput>({
      query: (body) => ({ url: '/reminders', method: 'PUT', body }),
      invalidatesTags: [REMINDER],
    }),
    checkUnsubscribeToken: build.query<void, string>({
      query: (token) => ({ url: '/reminders/unsubscribe', params: { token } }),
    }),
    unsubscribeReminder: build.mutation<void, string>({
      query: (token) => ({ url: '/reminders/unsubscribe', method: 'POST', params: { token } }),
      invalidatesTags: [REMINDER],
    }),
    getPushKey: build.query<{ publicKey: string }, void>({
      query: () => '/reminders/push/key',
    }),
    addPushSubscription: build.mutation<Schemas['PushSubscription'], Schemas['PushSubscriptionInput']>({
      query: (body) => ({ url: '/reminders/push/subscriptions', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetReminderQuery,
  useSaveReminderMutation,
  useCheckUnsubscribeTokenQuery,
  useUnsubscribeReminderMutation,
  useLazyGetPushKeyQuery,
  useAddPushSubscriptionMutation,
} = remindersApi;
