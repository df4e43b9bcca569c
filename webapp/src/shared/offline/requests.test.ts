import 'fake-indexeddb/auto';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, type RequestLayer } from '@/shared/api';
import { forget } from './db';
import { offlineLayer } from './requests';
import { connectivityChanged, offlineSlice, type OfflineState } from './slice';

type Next = Parameters<RequestLayer>[3];

/** A request through the layer while the page believes it is online or not; what it concluded. */
async function request(url: string, online: boolean, answer: Awaited<ReturnType<Next>>) {
  const offline: OfflineState = { online, loaded: true, waiting: [], rejected: [] };
  const dispatch = vi.fn();
  const api = { getState: () => ({ [offlineSlice.reducerPath]: offline }), dispatch } as unknown as BaseQueryApi;
  await offlineLayer(url, api, {}, (async () => answer) as Next);
  return dispatch.mock.calls.map(([action]) => action as unknown).filter((action) => connectivityChanged.match(action));
}

const ok = { data: { title: 'About' } };
const noAnswer = { error: { status: 'FETCH_ERROR' as const, error: 'TypeError: Failed to fetch' } };
// What the service worker answers offline from its cache of /_content is an answer like any other.
const content = new URL('/_content/en/about', API_BASE_URL).href;

afterEach(async () => {
  await forget();
});

describe('connectivity in the offline layer', () => {
  it('comes back online on an answer from /api', async () => {
    expect(await request('/auth/sessions', false, ok)).toEqual([connectivityChanged(true)]);
    expect(await request(`${API_BASE_URL}/auth/sessions`, false, { error: { status: 404, data: null } })).toEqual([connectivityChanged(true)]);
  });

  it('goes offline when /api gets no answer', async () => {
    expect(await request('/auth/sessions', true, noAnswer)).toEqual([connectivityChanged(false)]);
  });

  it('ignores answers to other paths, which the service worker may give from its cache', async () => {
    expect(await request(content, false, ok)).toEqual([]);
    expect(await request(content, true, noAnswer)).toEqual([]);
  });
});
