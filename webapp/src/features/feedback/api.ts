import { baseApi, creatingPost, type Schemas } from '@/shared/api';

export type FeedbackItem = Schemas['Feedback'];

/** What POST /api/feedback answers: the message as stored, with the address replies go to. */
export type FeedbackReceipt = Schemas['FeedbackReceipt'];

/** What POST /api/feedback sends; `email` only when signed out (the account's is used otherwise). */
export type FeedbackDraft = Schemas['FeedbackDraft'];

export type FeedbackList = Schemas['FeedbackPage'];

export type FeedbackKind = FeedbackItem['kind'];
export const FEEDBACK_KINDS = ['bug', 'feature', 'comment'] as const satisfies readonly FeedbackKind[];

export type FeedbackStatus = FeedbackItem['status'];
export const FEEDBACK_STATUSES = ['open', 'resolved', 'archived'] as const satisfies readonly FeedbackStatus[];

export const FEEDBACK_MESSAGE_MAX = 1500;
export const REPLY_MESSAGE_MAX = 5000;
export const FEEDBACK_PAGE_SIZE = 10;

export interface FeedbackListArgs {
  status: FeedbackStatus;
  offset: number;
}

const LIST = { type: 'Feedback', id: 'LIST' } as const;

export const feedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<FeedbackReceipt, FeedbackDraft>({
      query: (draft) => creatingPost('/feedback', draft),
      invalidatesTags: [LIST],
    }),
    getFeedback: build.query<FeedbackList, FeedbackListArgs>({
      query: ({ status, offset }) => ({ url: '/admin/feedback', params: { status, limit: FEEDBACK_PAGE_SIZE, offset } }),
      providesTags: [LIST],
    }),
    setFeedbackStatus: build.mutation<FeedbackItem, { id: string; status: FeedbackStatus }>({
      query: ({ id, status }) => ({ url: `/admin/feedback/${encodeURIComponent(id)}`, method: 'PATCH', body: { status } }),
      invalidatesTags: [LIST],
    }),
    deleteFeedback: build.mutation<void, string>({
      query: (id) => ({ url: `/admin/feedback/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    replyToFeedback: build.mutation<FeedbackItem, { id: string; message: string }>({
      query: ({ id, message }) => creatingPost(`/admin/feedback/${encodeURIComponent(id)}/reply`, { message }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  useSendFeedbackMutation,
  useGetFeedbackQuery,
  useSetFeedbackStatusMutation,
  useDeleteFeedbackMutation,
  useReplyToFeedbackMutation,
} = feedbackApi;
