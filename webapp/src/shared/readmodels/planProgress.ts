// The server's plan progress rule (modules/plans/internal/domain: progress.go and schedule.go) in
// the browser, for answering GET /reading-plans while offline or while changes wait to be sent.
// Loaded on demand only: it carries the Bible kernel. modules/plans/testdata/progress.json holds
// the cases both must agree on.
import { TOTAL_VERSES, verseIndex, type VerseRange } from '@/shared/bible';
import type { Schemas } from '@/shared/api';

/** A reader's plan as GET /reading-plans answers it. */
export type PlanAnswer = Schemas['ReadingPlan'];

/** What the rule reads of a log entry. */
export interface PlanEntry {
  date: string;
  startVerseId: number;
  endVerseId: number;
}

export type DayState = 'open' | 'partly' | 'done';

/**
 * Every verse logged on or after the plan's start earns one credit per time it was logged
 * (domain.Credits).
 */
export function credits(entries: readonly PlanEntry[], start: string): Int32Array {
  const out = new Int32Array(TOTAL_VERSES);
  for (const e of entries) {
    if (e.date < start) continue;
    const lo = verseIndex(e.startVerseId);
    const hi = verseIndex(e.endVerseId);
    if (lo === undefined || hi === undefined) continue;
    for (let i = lo; i <= hi; i++) out[i]! += 1;
  }
  return out;
}

/**
 * How many verses of a unit of n verses must have a credit for it to be done: all of a unit of up
 * to ten verses, at least 90 % of a longer one (domain.Needed).
 */
export function needed(n: number): number {
  return n <= 10 ? n : n - Math.floor(n / 10);
}

/** Checks a unit against the credits left and, when it is done, consumes one credit from each of its verses that has one. */
function take(left: Int32Array, unit: VerseRange): boolean {
  const lo = verseIndex(unit.startVerseId) ?? 0;
  const hi = verseIndex(unit.endVerseId) ?? -1;
  let have = 0;
  for (let i = lo; i <= hi; i++) if (left[i]! > 0) have++;
  if (have < needed(hi - lo + 1)) return false;
  for (let i = lo; i <= hi; i++) if (left[i]! > 0) left[i]! -= 1;
  return true;
}

export interface DaysProgress {
  /** Each day's units in plan order, done or not. */
  passagesDone: boolean[][];
  states: DayState[];
  daysDone: number;
  /** The first day not done (1-based); null when every day is. */
  nextDay: number | null;
}

/**
 * Walks the units in plan order: a unit is done when its verses have credits left, and a done unit
 * consumes them; one not done consumes nothing and the walk goes on.
 */
export function daysProgress(days: readonly (readonly VerseRange[])[], earned: Int32Array): DaysProgress {
  const left = earned.slice();
  const out: DaysProgress = { passagesDone: [], states: [], daysDone: 0, nextDay: null };
  days.forEach((units, d) => {
    const done = units.map((unit) => take(left, unit));
    const count = done.filter(Boolean).length;
    const state: DayState = count === units.length ? 'done' : count === 0 ? 'open' : 'partly';
    out.passagesDone.push(done);
    out.states.push(state);
    if (state === 'done') out.daysDone++;
    else out.nextDay ??= d + 1;
  });
  return out;
}

export interface TrackProgress {
  /** The first unit (0-based) not done in the current round. */
  next: number;
  /** Whole rounds read. */
  cycles: number;
  passagesDone: boolean[];
}

/** Goes round a cyclic track until a round leaves a unit open: each whole round is a cycle. */
export function trackProgress(units: readonly VerseRange[], left: Int32Array): TrackProgress {
  if (units.every((unit, i) => i === 0 || unit.startVerseId > units[i - 1]!.endVerseId)) return countTrack(units, left);
  let passagesDone = units.map(() => false);
  let cycles = 0;
  while (units.length > 0) {
    passagesDone = units.map((unit) => take(left, unit));
    if (!passagesDone.every(Boolean)) break;
    cycles++;
  }
  const open = passagesDone.indexOf(false);
  return { next: open < 0 ? passagesDone.length : open, cycles, passagesDone };
}

/**
 * trackProgress for a track whose units share no verse, in one pass instead of one per round (as
 * the server's countTrack): a unit is done in round r when needed() of its verses hold r credits or
 * more, so its rounds are that many-th largest credit, and the track's cycles the fewest of any unit.
 */
function countTrack(units: readonly VerseRange[], left: Int32Array): TrackProgress {
  const bounds = units.map((unit) => [verseIndex(unit.startVerseId) ?? 0, verseIndex(unit.endVerseId) ?? -1] as const);
  const rounds = bounds.map(([lo, hi]) => {
    const sorted = left.slice(lo, hi + 1).sort();
    return sorted[sorted.length - needed(sorted.length)] ?? 0;
  });
  const cycles = rounds.length > 0 ? Math.min(...rounds) : 0;
  const passagesDone = rounds.map((r) => r > cycles);
  bounds.forEach(([lo, hi], i) => {
    const used = cycles + (passagesDone[i] ? 1 : 0);
    for (let v = lo; v <= hi; v++) left[v] = Math.max(left[v]! - used, 0);
  });
  const open = passagesDone.indexOf(false);
  return { next: open < 0 ? passagesDone.length : open, cycles, passagesDone };
}

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday, 1 Monday to 7 Sunday. */
function weekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Whether plan days fall on the date's weekday; an empty list is every day. */
function onWeekday(weekdays: readonly number[], day: number): boolean {
  return weekdays.length === 0 || weekdays.includes(weekday(day));
}

/** The n-th (1-based) date from `from` on that falls on the weekdays. */
function nthActive(weekdays: readonly number[], from: number, n: number): number {
  let d = from - 1;
  for (let k = 0; k < n; ) if (onWeekday(weekdays, ++d)) k++;
  return d;
}

/**
 * The days' dates as of today from those of an answer given on `answeredOn`. They only move while
 * the plan is paused: the clock stands still through today, so a day that fell on the k-th active
 * date after the answer now falls on the k-th active date after today.
 */
export function scheduleAsOf(dates: readonly string[], answeredOn: string, today: string, weekdays: readonly number[], paused: boolean): string[] {
  if (!paused || today <= answeredOn) return [...dates];
  const from = dayNumber(answeredOn);
  const to = dayNumber(today);
  return dates.map((date) => {
    const d = dayNumber(date);
    if (d <= from) return date;
    let k = 0;
    for (let x = from + 1; x <= d; x++) if (onWeekday(weekdays, x)) k++;
    return dateOf(nthActive(weekdays, to + 1, k));
  });
}

export interface PlanStatus {
  /** The latest day (1-based) the schedule puts on or before today; 0 before the first. */
  scheduledDay: number;
  /** Days scheduled before today that are not done. */
  behind: number;
  /** The end at the schedule's pace with the days behind read after it (from today when it is past); null when finished. */
  projectedFinish: string | null;
}

/** Where a reader stands against the schedule (Following.Status). */
export function planStatus(dates: readonly string[], states: readonly DayState[], today: string, weekdays: readonly number[], paused: boolean): PlanStatus {
  const status: PlanStatus = { scheduledDay: 0, behind: 0, projectedFinish: null };
  let end = '';
  dates.forEach((date, d) => {
    if (date <= today) status.scheduledDay = Math.max(status.scheduledDay, d + 1);
    if (states[d] !== 'done') {
      if (date < today) status.behind++;
      if (date > end) end = date;
    }
  });
  if (end === '') return status;
  status.projectedFinish = end;
  if (status.behind > 0) {
    // The days behind are read after the last one, and not before today; a paused clock stands still through today.
    const from = Math.max(dayNumber(end) + 1, paused ? dayNumber(today) + 1 : dayNumber(today));
    status.projectedFinish = dateOf(nthActive(weekdays, from, status.behind));
  }
  return status;
}

/**
 * A plan's answer recomputed against the log as of today, from the schedule of an earlier answer:
 * what GET /reading-plans/{id} would answer.
 */
export function recomputePlan(plan: PlanAnswer, entries: readonly PlanEntry[], today: string): PlanAnswer {
  const earned = credits(entries, plan.startDate);
  if (plan.tracks && plan.tracks.length > 0) {
    const left = earned.slice();
    const tracks = plan.tracks.map((track) => ({ ...track, ...trackProgress(track.passages, left) }));
    return { ...plan, today, tracks };
  }
  const progress = daysProgress(
    plan.days.map((day) => day.passages),
    earned,
  );
  const dates = scheduleAsOf(
    plan.days.map((day) => day.date),
    plan.today,
    today,
    plan.weekdays,
    plan.paused,
  );
  const status = planStatus(dates, progress.states, today, plan.weekdays, plan.paused);
  const days = plan.days.map((day, d) => ({
    ...day,
    date: dates[d]!,
    done: progress.states[d] === 'done',
    state: progress.states[d]!,
    passagesDone: progress.passagesDone[d]!,
  }));
  return {
    ...plan,
    today,
    days,
    daysDone: progress.daysDone,
    nextDay: progress.nextDay,
    scheduledDay: status.scheduledDay,
    behind: status.behind,
    endDate: dates.reduce<string | null>((end, date) => (end === null || date > end ? date : end), null),
    projectedFinish: status.projectedFinish,
  };
}
