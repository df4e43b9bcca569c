import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isIsoDate, monthWeeks, parseMonthKey, weekdayMondayFirst } from './dates';

describe('calendar dates', () => {
  it('lays a month out in weeks from Monday to Sunday', () => {
    // March 2025 begins on a Saturday and ends on a Monday.
    const weeks = monthWeeks({ year: 2025, month: 3 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]).toBe('2025-02-24');
    expect(weeks[0]![5]).toBe('2025-03-01');
    expect(weeks[5]![0]).toBe('2025-03-31');
    expect(weeks[5]![6]).toBe('2025-04-06');
    expect(weeks.every((week) => week.length === 7 && weekdayMondayFirst(week[0]!) === 0)).toBe(true);
  });

  it('needs only four weeks for a February that starts on Monday', () => {
    const weeks = monthWeeks({ year: 2027, month: 2 });
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toBe('2027-02-01');
    expect(weeks[3]![6]).toBe('2027-02-28');
  });

  it('moves by days and months across years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonths({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(addMonths({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
  });

  it('accepts only real dates and months', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-2-1')).toBe(false);
    expect(parseMonthKey('2025-03')).toEqual({ year: 2025, month: 3 });
    expect(parseMonthKey('2025-13')).toBeUndefined();
    expect(parseMonthKey(null)).toBeUndefined();
  });
});
