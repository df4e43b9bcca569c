/** The unit and signed amount a relative time is said in: "3 days ago" is { value: -3, unit: 'day' }. */
export interface RelativeTime {
  value: number;
  unit: Intl.RelativeTimeFormatUnit;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `then` was at `now`, in the largest unit that is at least one: seconds under a
 * minute, then minutes, hours, days (under 30), months (under a year) and years. A time slightly
 * ahead (a clock skew) counts as now.
 */
export function relativeTime(then: Date, now: Date): RelativeTime {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (seconds < MINUTE) return { value: 0, unit: 'second' };
  if (seconds < HOUR) return { value: -Math.floor(seconds / MINUTE), unit: 'minute' };
  if (seconds < DAY) return { value: -Math.floor(seconds / HOUR), unit: 'hour' };
  const days = Math.floor(seconds / DAY);
  if (days < 30) return { value: -days, unit: 'day' };
  if (days < 365) return { value: -Math.floor(days / 30), unit: 'month' };
  return { value: -Math.floor(days / 365), unit: 'year' };
}
