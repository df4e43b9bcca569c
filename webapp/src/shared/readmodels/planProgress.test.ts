// Runs the plan progress cases shared with the server (modules/plans/testdata/progress.json,
// asserted by modules/plans/vectors_test.go): the answer recomputed from the kept schedule and the
// log equals the server's answer as of today, whatever order the entries come in.
import { describe, expect, it } from 'vitest';
import type { VerseRange } from '@/shared/bible';
import { recomputePlan, type PlanAnswer, type PlanEntry } from './planProgress';

interface ProgressCase {
  name: string;
  days?: VerseRange[][];
  tracks?: VerseRange[][];
  startDate: string;
  weekdays?: number[];
  log: PlanEntry[];
  scheduleOn: string;
  today: string;
  schedule: string[];
  paused: boolean;
  answerDays: { day: number; date: string; done: boolean; state: string; passagesDone: boolean[] }[];
  answerTracks?: { next: number; cycles: number; passagesDone: boolean[] }[];
  nextDay: number | null;
  scheduledDay: number | null;
  daysDone: number;
  behind: number;
  endDate: string | null;
  projectedFinish: string | null;
}

const files = import.meta.glob<{ cases: ProgressCase[] }>('../../../../modules/plans/testdata/progress.json', { eager: true, import: 'default' });
const { cases } = Object.values(files)[0]!;

/** The answer the browser kept: the server's as of scheduleOn, with its days' dates. */
function kept(c: ProgressCase): PlanAnswer {
  const days = (c.days ?? []).map((passages, d) => ({
    day: d + 1,
    date: c.schedule[d]!,
    done: false,
    state: 'open' as const,
    passages,
    passagesDone: passages.map(() => false),
  }));
  const tracks = c.tracks?.map((passages, t) => ({ name: `List ${t + 1}`, passages, next: 0, cycles: 0, passagesDone: passages.map(() => false) }));
  return {
    id: 'p1',
    name: c.name,
    description: '',
    source: 'custom',
    startDate: c.startDate,
    weekdays: c.weekdays?.length ? c.weekdays : [1, 2, 3, 4, 5, 6, 7],
    paused: c.paused,
    actions: [],
    today: c.scheduleOn,
    totalDays: days.length,
    days,
    ...(tracks ? { tracks } : {}),
    nextDay: null,
    scheduledDay: tracks ? null : 0,
    daysDone: 0,
    behind: 0,
    endDate: null,
    projectedFinish: null,
    minutesPerDay: 1,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

describe('plan progress against the shared vectors', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  for (const c of cases) {
    it(c.name, () => {
      for (const log of [c.log, [...c.log].reverse()]) {
        const got = recomputePlan(kept(c), log, c.today);
        expect(got.today).toBe(c.today);
        if (c.answerTracks) {
          expect(got.tracks?.map(({ next, cycles, passagesDone }) => ({ next, cycles, passagesDone }))).toEqual(c.answerTracks);
          continue;
        }
        expect(got.days.map(({ day, date, done, state, passagesDone }) => ({ day, date, done, state, passagesDone }))).toEqual(c.answerDays);
        const { nextDay, scheduledDay, daysDone, behind, endDate, projectedFinish } = got;
        expect({ nextDay, scheduledDay, daysDone, behind, endDate, projectedFinish }).toEqual({
          nextDay: c.nextDay,
          scheduledDay: c.scheduledDay,
          daysDone: c.daysDone,
          behind: c.behind,
          endDate: c.endDate,
          projectedFinish: c.projectedFinish,
        });
      }
    });
  }
});
