import { baseApi, creatingPost } from '@/shared/api';
import type { ListedTag, Tag, TagDraft } from './types';

/**
 * The cache tag of the tag list. Note writes change note counts, so a notes mutation should
 * invalidate it too: `invalidatesTags: [{ type: 'Note', id: 'LIST' }, TAG_LIST]`.
 */
export const TAG_LIST = { type: 'Tag', id: 'LIST' } as const;

/** The cache tag note lists should provide, so a renamed or deleted tag refreshes them. */
export const NOTE_LIST = { type: 'Note', id: 'LIST' } as const;

/** Tag lists are small and change rarely: the spec keeps them for 10 minutes. */
const TAG_LIST_SECONDS = 600;

const byLabel = (a: { label: string }, b: { label: string }) =>
  a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });

/**
 * The reader's tags (GET/POST /api/passage-note-tags, PUT/DELETE /api/passage-note-tags/{id}).
 * Writes show in the cached list at once and then refetch it, so note counts come from the server.
 */
export const tagsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTags: build.query<ListedTag[], void>({
      query: () => '/passage-note-tags',
      keepUnusedDataFor: TAG_LIST_SECONDS,
      providesTags: (result) => [TAG_LIST, ...(result ?? []).map((tag) => ({ type: 'Tag' as const, id: tag.id }))],
    }),
    createTag: build.mutation<Tag, TagDraft>({
      query: (draft) => creatingPost('/passage-note-tags', draft),
      invalidatesTags: (_result, error) => (error ? [] : [TAG_LIST]),
      async onQueryStarted(_draft, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            tagsApi.util.updateQueryData('getTags', undefined, (tags) => {
              tags.push({ ...data, noteCount: 0 });
              tags.sort(byLabel);
            }),
          );
        } catch {
          // The caller shows the error.
        }
      },
    }),
    updateTag: build.mutation<Tag, TagDraft & { id: string }>({
      query: ({ id, ...draft }) => ({ url: `/passage-note-tags/${encodeURIComponent(id)}`, method: 'PUT', body: draft }),
      // Notes show their tags' labels and colours.
      invalidatesTags: (_result, error, { id }) => (error ? [] : [TAG_LIST, { type: 'Tag', id }, NOTE_LIST]),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            tagsApi.util.updateQueryData('getTags', undefined, (tags) => {
              const index = tags.findIndex((tag) => tag.id === id);
              if (index >= 0) tags[index] = { ...data, noteCount: tags[index]!.noteCount };
              tags.sort(byLabel);
            }),
          );
        } catch {
          // The caller shows the error.
        }
      },
    }),
    deleteTag: build.mutation<{ deleted: boolean }, string>({
      query: (id) => ({ url: `/passage-note-tags/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // The server takes the tag off every note carrying it: every note query may have changed.
      invalidatesTags: (_result, _error, id) => [TAG_LIST, { type: 'Tag', id }, 'Note'],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            tagsApi.util.updateQueryData('getTags', undefined, (tags) => tags.filter((tag) => tag.id !== id)),
          );
        } catch {
          // The caller shows the error.
        }
      },
    }),
  }),
});

export const { useGetTagsQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation } = tagsApi;
