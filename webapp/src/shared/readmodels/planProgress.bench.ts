// What answering GET /reading-plans offline costs: three plans (one of M'Cheyne's size, four
// chapters a day for 365 days, one of them cyclic) against a ten-year log (7,300 entries).
// npx vitest bench --run --project logic src/shared/readmodels/planProgress.bench.ts
import { bench, describe } from 'vitest';
import { books, wholeChapter, type VerseRange } from '@/shared/bible';
import { recomputePlan, type PlanAnswer, type PlanEntry } from './planProgress';

const chapters = books().flatMap((book) => Array.from({ length: book.chapterCount }, (_, i) => wholeChapter(book.id, i + 1)!));

function tenYears(): PlanEntry[] {
  const entries: PlanEntry[] = [];
  const start = Date.UTC(2016, 0, 1);
  for (let day = 0; day < 3650; day++) {
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    for (const offset of [0, 1]) entries.push({ date, ...chapters[(day * 2 + offset) % chapters.length]! });
  }
  return entries;
}

function plan(id: string, days: VerseRange[][], tracks?: VerseRange[][]): PlanAnswer {
  return {
    id,
    name: id,
    description: '',
    source: 'custom',
    startDate: '2020-01-01',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    paused: false,
    actions: [],
    today: '2025-12-31',
    totalDays: days.length,
    days: days.map((passages, d) => ({
      day: d + 1,
      date: new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10),
      done: false,
      state: 'open',
      passages,
      passagesDone: passages.map(() => false),
    })),
    ...(tracks ? { tracks: tracks.map((passages, t) => ({ name: `${t}`, passages, next: 0, cycles: 0, passagesDone: [] })) } : {}),
    nextDay: 1,
    scheduledDay: 1,
    daysDone: 0,
    behind: 0,
    endDate: null,
    projectedFinish: null,
    minutesPerDay: 15,
    createdAt: '',
    updatedAt: '',
  };
}

const log = tenYears();
const plans = [
  plan(
    'four a day',
    Array.from({ length: 365 }, (_, d) => [0, 300, 600, 900].map((o) => chapters[(o + d) % chapters.length]!)),
  ),
  plan(
    'year',
    Array.from({ length: 365 }, (_, d) => chapters.slice(Math.floor((d * chapters.length) / 365), Math.floor(((d + 1) * chapters.length) / 365))),
  ),
  plan('lists', [], [chapters.slice(0, 50), chapters.slice(478, 628), chapters.slice(929, 1189)]),
];

describe('offline plan answers from a ten-year log (7,300 entries)', () => {
  bench('three plans recomputed', () => {
    for (const p of plans) recomputePlan(p, log, '2025-12-31');
  });
});
