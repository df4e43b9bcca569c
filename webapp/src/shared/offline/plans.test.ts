import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi, type RequestLayer } from '@/shared/api';
import type { PlanAnswer } from '@/shared/readmodels/planProgress';
import { forget, saveAnswer } from './db';
import { kept, LOG_KEY, offlineLayer } from './requests';
import { connectivityChanged, offlineSlice } from './slice';

type Next = Parameters<RequestLayer>[3];

const gen = (chapter: number, last: number) => ({ startVerseId: 101000000 + chapter * 1000 + 1, endVerseId: 101000000 + chapter * 1000 + last });

/** The server's answer on 2 March: a three-day plan from that day, nothing read. */
const answer: PlanAnswer = {
  id: 'p1',
  name: 'Genesis',
  description: '',
  source: 'custom',
  startDate: '2026-03-02',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  paused: false,
  actions: [],
  today: '2026-03-02',
  totalDays: 3,
  days: [gen(1, 31), gen(2, 25), gen(3, 24)].map((passage, d) => ({
    day: d + 1,
    date: `2026-03-0${d + 2}`,
    done: false,
    state: 'open' as const,
    passages: [passage],
    passagesDone: [false],
  })),
  nextDay: 1,
  scheduledDay: 1,
  daysDone: 0,
  behind: 0,
  endDate: '2026-03-04',
  projectedFinish: '2026-03-04',
  minutesPerDay: 3,
  createdAt: '2026-03-02T07:00:00Z',
  updatedAt: '2026-03-02T07:00:00Z',
};

function reader() {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [offlineSlice.reducerPath]: offlineSlice.reducer },
    middleware: (defaults) => defaults().concat(baseApi.middleware),
  });
  const api = { getState: store.getState, dispatch: store.dispatch } as unknown as BaseQueryApi;
  const server = vi.fn<Next>(async (args) => {
    const url = typeof args === 'string' ? args : args.url;
    return { data: url.startsWith('/reading-plans/') ? answer : [answer] };
  });
  const send = (url: string, method = 'GET', body?: unknown) => offlineLayer(method === 'GET' ? url : { url, method, body }, api, {}, server);
  return { store, server, send };
}

afterEach(async () => {
  await forget();
});

describe('reading plans offline', () => {
  it('completes the plan day logged offline, from the last answer and the local log', async () => {
    await saveAnswer(LOG_KEY, [], 1);
    await saveAnswer('/settings', { timeZone: 'UTC' });
    const { store, server, send } = reader();
    await send('/reading-plans?today=2026-03-02');
    await kept();

    store.dispatch(connectivityChanged(false));
    await send('/log-entries', 'POST', { date: '2026-03-02', ...gen(1, 31) });
    const plans = (await send('/reading-plans?today=2026-03-02')).data as PlanAnswer[];
    const plan = (await send('/reading-plans/p1?today=2026-03-03')).data as PlanAnswer;

    expect(server).toHaveBeenCalledTimes(1);
    expect(plans.map((p) => [p.days.map((d) => d.state), p.daysDone, p.nextDay])).toEqual([[['done', 'open', 'open'], 1, 2]]);
    expect(plan).toMatchObject({ today: '2026-03-03', daysDone: 1, nextDay: 2, scheduledDay: 2, behind: 0 });
  });

  it('reopens the day when the entry is deleted offline, and answers with the changes waiting after the network is back', async () => {
    await saveAnswer(LOG_KEY, [], 1);
    await saveAnswer('/settings', { timeZone: 'UTC' });
    const { store, server, send } = reader();
    await send('/reading-plans/p1?today=2026-03-02');
    await kept();

    store.dispatch(connectivityChanged(false));
    const logged = (await send('/log-entries', 'POST', { date: '2026-03-03', startVerseId: 101001001, endVerseId: 101002025 })).data as { id: string };
    expect(((await send('/reading-plans/p1?today=2026-03-03')).data as PlanAnswer).daysDone).toBe(2);

    await send(`/log-entries/${logged.id}`, 'DELETE');
    store.dispatch(connectivityChanged(true));
    const plan = (await send('/reading-plans/p1?today=2026-03-03')).data as PlanAnswer;
    expect(server).toHaveBeenCalledTimes(1);
    expect([plan.daysDone, plan.nextDay, plan.behind]).toEqual([0, 1, 1]);
  });
});
