import { describe, expect, it } from 'vitest';
import { welcomeGoal } from './welcomeGoal';

const base = { today: '2026-01-01', finishBy: '', ownPace: '' };

describe('welcomeGoal', () => {
  it('reads the Bible in a year at 86 verses a day', () => {
    expect(welcomeGoal('year', base)).toEqual({ ok: true, versesPerDay: 86 });
  });

  it('divides the Bible by the days until a date, rounding up', () => {
    expect(welcomeGoal('byDate', { ...base, finishBy: '2026-07-01' })).toEqual({ ok: true, versesPerDay: Math.ceil(31102 / 181) });
    expect(welcomeGoal('byDate', { ...base, finishBy: '2026-01-01' })).toEqual({ ok: false, reason: 'tooSoon' });
    expect(welcomeGoal('byDate', { ...base, finishBy: '2026-01-10' })).toEqual({ ok: false, reason: 'tooHigh' });
    expect(welcomeGoal('byDate', base)).toEqual({ ok: false, reason: 'chooseDate' });
  });

  it('takes the reader’s own pace from 1 to 1,111', () => {
    expect(welcomeGoal('own', { ...base, ownPace: ' 40 ' })).toEqual({ ok: true, versesPerDay: 40 });
    expect(welcomeGoal('own', { ...base, ownPace: '0' })).toEqual({ ok: false, reason: 'invalidPace' });
  });
});
