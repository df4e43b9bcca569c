import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative';

describe('relativeTime', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const ago = (seconds: number) => relativeTime(new Date(now.getTime() - seconds * 1000), now);

  it('says each span in its largest whole unit', () => {
    expect(ago(5)).toEqual({ value: 0, unit: 'second' });
    expect(ago(-30)).toEqual({ value: 0, unit: 'second' });
    expect(ago(59 * 60)).toEqual({ value: -59, unit: 'minute' });
    expect(ago(3 * 3600)).toEqual({ value: -3, unit: 'hour' });
    expect(ago(3 * 86400 + 5)).toEqual({ value: -3, unit: 'day' });
    expect(ago(45 * 86400)).toEqual({ value: -1, unit: 'month' });
    expect(ago(800 * 86400)).toEqual({ value: -2, unit: 'year' });
  });
});
