import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '@/shared/api';
import { apiCalls, json, mockApi, signedInAs } from '@/test/http';
import { renderWithProviders } from '@/test/renderApp';
import { NOTE_LIST, tagsApi } from './api';

// A stand-in for the notes screen's list, providing the tags note lists provide.
const notesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    tagsTestNotes: build.query<unknown, void>({ query: () => '/passage-notes', providesTags: [NOTE_LIST] }),
  }),
});

const TAG = { id: 't1', label: 'Faith', color: '#3b73c4', description: '', createdAt: '', updatedAt: '' };

describe('tag endpoints', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  beforeEach(() => {
    signedInAs();
    mockApi({
      'GET /api/passage-note-tags': () => json(200, [{ ...TAG, noteCount: 1 }]),
      'GET /api/passage-notes': () => json(200, { offset: 0, limit: 10, size: 0, results: [] }),
      'PUT /api/passage-note-tags/t1': () => json(200, { ...TAG, label: 'Trust' }),
      'DELETE /api/passage-note-tags/t1': () => json(200, { deleted: true }),
    });
  });

  it('refreshes the tag list and note lists after a rename or a delete', async () => {
    const { store } = renderWithProviders(null);
    const tags = store.dispatch(tagsApi.endpoints.getTags.initiate());
    const notes = store.dispatch(notesApi.endpoints.tagsTestNotes.initiate());
    await Promise.all([tags, notes]);

    await store.dispatch(tagsApi.endpoints.updateTag.initiate({ id: 't1', label: 'Trust', color: '#3b73c4' }));
    await waitFor(() => expect(apiCalls('GET /api/passage-notes')).toHaveLength(2));
    expect(apiCalls('GET /api/passage-note-tags')).toHaveLength(2);

    await store.dispatch(tagsApi.endpoints.deleteTag.initiate('t1'));
    await waitFor(() => expect(apiCalls('GET /api/passage-notes')).toHaveLength(3));
    expect(apiCalls('GET /api/passage-note-tags')).toHaveLength(3);
    tags.unsubscribe();
    notes.unsubscribe();
  });

  it('sends a fresh Idempotency-Key with every new tag, so a retried request cannot create it twice', async () => {
    mockApi({ 'POST /api/passage-note-tags': (call) => json(201, { ...TAG, label: (call.body as { label: string }).label }) });
    const { store } = renderWithProviders(null);
    await store.dispatch(tagsApi.endpoints.createTag.initiate({ label: 'Hope', color: '#3b73c4' }));
    await store.dispatch(tagsApi.endpoints.createTag.initiate({ label: 'Joy', color: '#3b73c4' }));
    const keys = apiCalls('POST /api/passage-note-tags').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('keeps the tag list for 10 minutes after its last user', async () => {
    const { store } = renderWithProviders(null);
    const subscription = store.dispatch(tagsApi.endpoints.getTags.initiate());
    await subscription;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    subscription.unsubscribe();
    const cached = () => tagsApi.endpoints.getTags.select()(store.getState()).data;
    vi.advanceTimersByTime(9 * 60_000);
    expect(cached()).toHaveLength(1);
    vi.advanceTimersByTime(61_000);
    expect(cached()).toBeUndefined();
  });
});
