import { describe, expect, it } from 'vitest';
import { MAX_DAILY_GOAL, outlook, outlooks, planGoal } from './outlook';

const counts = {
  '2025-12-31': { total: 500, unique: 0 }, // before lookBackDate
  '2026-01-01': { total: 100, unique: 100 },
  '2026-03-01': { total: 60, unique: 60 },
  '2026-03-05': { total: 40, unique: 30 },
  '2026-03-10': { total: 20, unique: 10 },
};
const base = { counts, lookBackDate: '2026-01-01', today: '2026-03-10', remaining: 1000 };

describe('outlooks', () => {
  it('averages new verses since lookBackDate, today included', () => {
    const o = outlook('average', base);
    expect(o.from).toBe('2026-01-01');
    expect(o.days).toBe(69);
    expect(o.verses).toBe(200);
    expect(o.versesPerDay).toBeCloseTo(200 / 69);
    expect(o.daysToFinish).toBe(Math.ceil((1000 * 69) / 200)); // 345
    expect(o.finishDate).toBe('2027-02-18');
  });

  it('uses the last 30 and 7 days and today', () => {
    const [, last30, last7, today] = outlooks(base);
    expect(last30).toMatchObject({ from: '2026-02-09', days: 30, verses: 100, daysToFinish: 300 });
    expect(last7).toMatchObject({ from: '2026-03-04', days: 7, verses: 40, daysToFinish: 175 });
    expect(today).toMatchObject({ from: '2026-03-10', days: 1, verses: 10, versesPerDay: 10, daysToFinish: 100 });
    expect(today!.finishDate).toBe('2026-06-18');
  });

  it('never divides by zero: no reading means no finish date', () => {
    const o = outlook('last7', { ...base, counts: {} });
    expect(o.versesPerDay).toBe(0);
    expect(o.daysToFinish).toBeNull();
    expect(o.finishDate).toBeNull();
  });

  it('shortens windows that would start before lookBackDate', () => {
    const o = outlook('last30', { ...base, lookBackDate: '2026-03-05' });
    expect(o).toMatchObject({ from: '2026-03-05', days: 6, verses: 40 });
  });

  it('handles a lookBackDate after today as an empty window', () => {
    const o = outlook('average', { ...base, lookBackDate: '2026-04-01' });
    expect(o).toMatchObject({ days: 0, verses: 0, versesPerDay: 0, daysToFinish: null, finishDate: null });
  });

  it('says too early instead of a date until a week has passed since lookBackDate', () => {
    const dayOne = { counts: { '2026-03-10': { total: 70, unique: 70 } }, lookBackDate: '2026-03-10', today: '2026-03-10', remaining: 31032 };
    const [average, last30, last7, today] = outlooks(dayOne);
    expect([average!.status, last30!.status, last7!.status]).toEqual(['tooEarly', 'tooEarly', 'tooEarly']);
    expect(today).toMatchObject({ status: 'pace', daysToFinish: 444 });
    expect(outlook('last7', { ...dayOne, today: '2026-03-16' }).status).toBe('pace');
  });

  it('names the cases without a sensible date', () => {
    expect(outlook('last7', { ...base, counts: {} }).status).toBe('noReading');
    expect(outlook('average', { ...base, lookBackDate: '2025-01-01', counts: { '2026-03-10': { total: 1, unique: 1 } } }).status).toBe('farOff');
    expect(outlook('average', { ...base, remaining: 0 }).status).toBe('done');
    expect(outlook('average', base).status).toBe('pace');
  });

  it('finishes today when nothing remains', () => {
    const o = outlook('today', { ...base, remaining: 0, counts: {} });
    expect(o.daysToFinish).toBe(0);
    expect(o.finishDate).toBe('2026-03-10');
  });
});

describe('planGoal', () => {
  it('divides the remaining verses by the days left, rounding up', () => {
    expect(planGoal({ remaining: 31102, today: '2026-01-01', finishDate: '2027-01-01' })).toEqual({
      kind: 'plan',
      days: 365,
      versesPerDay: 86,
      tooHigh: false,
    });
    expect(planGoal({ remaining: 10, today: '2026-01-01', finishDate: '2026-01-04' })).toMatchObject({ days: 3, versesPerDay: 4 });
  });

  it('refuses today, past and invalid dates', () => {
    expect(planGoal({ remaining: 10, today: '2026-01-01', finishDate: '2026-01-01' })).toEqual({ kind: 'tooSoon' });
    expect(planGoal({ remaining: 10, today: '2026-01-01', finishDate: '2025-12-01' })).toEqual({ kind: 'tooSoon' });
    expect(planGoal({ remaining: 10, today: '2026-01-01', finishDate: '' })).toEqual({ kind: 'invalidDate' });
  });

  it('flags paces above the largest daily goal', () => {
    const plan = planGoal({ remaining: 31102, today: '2026-01-01', finishDate: '2026-01-11' });
    expect(plan).toMatchObject({ kind: 'plan', versesPerDay: 3111, tooHigh: true });
    expect(MAX_DAILY_GOAL).toBe(1111);
  });

  it('has nothing to plan when everything is read', () => {
    expect(planGoal({ remaining: 0, today: '2026-01-01', finishDate: '2026-02-01' })).toEqual({ kind: 'done' });
  });
});
