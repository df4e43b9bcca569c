import { apiError, json, mockApi, signedInAs, type ApiCall, type Handler } from '@/test/http';
import type { LogEntry } from '@/shared/reader';
import type { ReadingPlan } from '@/shared/readmodels';

/** The first lookup on a page waits for its lazy chunk and translations: slow on a busy machine. */
export const PAGE = { timeout: 20_000 };

/** Today in UTC, as the fake reader (time zone UTC) sees it. */
export function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

const SETTINGS = {
  lookBackDate: '2026-01-01',
  dailyVerseCountGoal: 86,
  preferredBibleVersion: 'NASB2020',
  preferredBibleApp: '',
  locale: 'en',
  timeZone: 'UTC',
  restDaysPerWeek: 1,
  welcomeDone: true,
  theme: 'system',
  startPage: 'today',
  tagSort: 'az',
};

/** A signed-in reader (time zone UTC) whose log is kept in memory. */
function fakeReader(entries: LogEntry[]) {
  signedInAs({ timeZone: 'UTC' });
  const state = { log: [...entries], version: 0 };
  mockApi({
    'GET /api/settings': () => json(200, SETTINGS),
    'GET /api/log-entries': () => json(200, state.log, { 'X-Log-Version': String(state.version) }),
    'GET /api/log-entries/changes': () => json(200, { version: state.version, entries: [], deleted: [] }),
    'POST /api/log-entries': (call: ApiCall) => {
      state.version += 1;
      const at = new Date().toISOString();
      const entry = { id: `entry-${state.version}`, ...(call.body as Omit<LogEntry, 'id'>), createdAt: at, updatedAt: at } as LogEntry;
      state.log.push(entry);
      return json(201, entry);
    },
  });
  return state;
}

type Range = { startVerseId: number; endVerseId: number };

export const GEN_1 = { startVerseId: 101001001, endVerseId: 101001031 };
export const MATT_1 = { startVerseId: 140001001, endVerseId: 140001025 };
export const GEN_2 = { startVerseId: 101002001, endVerseId: 101002025 };
export const MATT_2 = { startVerseId: 140002001, endVerseId: 140002023 };
export const GEN_3 = { startVerseId: 101003001, endVerseId: 101003024 };
export const MATT_3 = { startVerseId: 140003001, endVerseId: 140003017 };

function addDays(iso: string, n: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

export interface FakePlanOptions {
  id?: string;
  name?: string;
  days?: Range[][];
  /** Days before today the plan started (the schedule then puts today on day startedDaysAgo + 1). */
  startedDaysAgo?: number;
  paused?: boolean;
}

export interface FakeReaderOptions {
  entries?: LogEntry[];
  extra?: Record<string, Handler>;
}

/**
 * A signed-in reader following plans whose days the fake server completes from the log like the
 * real one for exact passages: a passage is read when an entry on or after the start logs it.
 */
export function fakePlans(plans: FakePlanOptions[] = [{}], { entries = [], extra = {} }: FakeReaderOptions = {}) {
  const today = utcToday();
  const state = fakeReader(entries);
  const stored = plans.map((options, index) => ({
    id: options.id ?? `plan-${index + 1}`,
    name: options.name ?? "M'Cheyne",
    days: options.days ?? [
      [GEN_1, MATT_1],
      [GEN_2, MATT_2],
      [GEN_3, MATT_3],
    ],
    startDate: addDays(today, -(options.startedDaysAgo ?? 0)),
    paused: options.paused ?? false,
    actions: [] as { mode: string; on: string }[],
  }));
  const view = (plan: (typeof stored)[number]): ReadingPlan => {
    const read = (range: Range) => state.log.some((e) => e.date >= plan.startDate && e.startVerseId === range.startVerseId && e.endVerseId === range.endVerseId);
    const days = plan.days.map((passages, index) => {
      const passagesDone = passages.map(read);
      const done = passagesDone.every(Boolean);
      return { day: index + 1, date: addDays(plan.startDate, index), done, state: done ? 'done' : passagesDone.some(Boolean) ? 'partly' : 'open', passages, passagesDone } as ReadingPlan['days'][number];
    });
    const scheduled = Math.min(days.length, Math.floor((Date.parse(today) - Date.parse(plan.startDate)) / 86_400_000) + 1);
    const next = days.find((day) => !day.done)?.day ?? null;
    const behind = days.filter((day) => day.day < scheduled && !day.done).length;
    const endDate = addDays(plan.startDate, days.length - 1);
    return {
      id: plan.id,
      name: plan.name,
      description: '',
      source: 'custom',
      startDate: plan.startDate,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      paused: plan.paused,
      actions: plan.actions,
      today,
      totalDays: days.length,
      days,
      nextDay: next,
      scheduledDay: scheduled,
      daysDone: days.filter((day) => day.done).length,
      behind,
      endDate,
      projectedFinish: next === null ? null : addDays(endDate, behind),
      minutesPerDay: 5,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
  };
  const routes: Record<string, Handler> = {
    'GET /api/reading-plans': () => json(200, stored.map(view)),
  };
  for (const plan of stored) {
    routes[`GET /api/reading-plans/${plan.id}`] = () => (stored.includes(plan) ? json(200, view(plan)) : apiError(404, 'not_found'));
    routes[`DELETE /api/reading-plans/${plan.id}`] = () => {
      stored.splice(stored.indexOf(plan), 1);
      return json(200, { deleted: true });
    };
    routes[`POST /api/reading-plans/${plan.id}/catch-up`] = (call: ApiCall) => {
      const { mode } = call.body as { mode: string };
      if (mode === 'undo') {
        const last = plan.actions.pop();
        if (last?.mode === 'shift') plan.startDate = addDays(plan.startDate, -Number(last.on));
      } else if (mode === 'shift') {
        const shown = view(plan);
        const by = shown.scheduledDay! - shown.nextDay!;
        plan.startDate = addDays(plan.startDate, by);
        plan.actions.push({ mode, on: String(by) });
      }
      return json(200, view(plan));
    };
  }
  mockApi({ ...routes, ...extra });
  return { state, plans: stored, view };
}
