import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateVerseCounts } from '@/shared/readmodels';
import { addDays, addMonths, firstOfMonth, lastOfMonth, monthOf, monthWeeks, type Month } from '../lib/dates';
import { useFormats } from '../lib/format';
import styles from './CalendarGrid.module.css';

export interface CalendarGridProps {
  month: Month;
  counts: DateVerseCounts | undefined;
  goal: number | undefined;
  lookBackDate: string | undefined;
  today: string;
  selected: string | null;
  /** A day was chosen (it may lie in the month before or after: show its month). */
  onSelect(date: string): void;
  onMonthChange(month: Month): void;
}

const sameMonth = (a: Month, b: Month) => a.year === b.year && a.month === b.month;

function clampToMonth(date: string, month: Month): string {
  const first = firstOfMonth(month);
  const last = lastOfMonth(month);
  return date < first ? first : date > last ? last : date;
}

/**
 * A month as a table, Monday first. Each day is a button named with its date and counts; the
 * arrow keys move between days (and months), Home/End to the week's ends, Page Up/Down by month.
 */
export function CalendarGrid({ month, counts, goal, lookBackDate, today, selected, onSelect, onMonthChange }: CalendarGridProps) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const id = useId();
  const weeks = monthWeeks(month);
  const initial = () => clampToMonth(selected && sameMonth(monthOf(selected), month) ? selected : today, month);
  const [focusDate, setFocusDate] = useState(initial);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const wantFocus = useRef(false);

  // The focusable day follows the month shown.
  const inMonth = sameMonth(monthOf(focusDate), month);
  const activeDate = inMonth ? focusDate : initial();

  // Focus follows the keyboard once the day to focus is the active one (after a month change).
  useEffect(() => {
    if (!wantFocus.current || activeDate !== focusDate) return;
    wantFocus.current = false;
    buttons.current.get(activeDate)?.focus();
  }, [activeDate, focusDate]);

  function moveTo(date: string) {
    wantFocus.current = true;
    setFocusDate(date);
    const target = monthOf(date);
    if (!sameMonth(target, month)) onMonthChange(target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    let next: string | undefined;
    switch (event.key) {
      case 'ArrowLeft':
        next = addDays(date, -1);
        break;
      case 'ArrowRight':
        next = addDays(date, 1);
        break;
      case 'ArrowUp':
        next = addDays(date, -7);
        break;
      case 'ArrowDown':
        next = addDays(date, 7);
        break;
      case 'Home':
        next = addDays(date, -weekday);
        break;
      case 'End':
        next = addDays(date, 6 - weekday);
        break;
      case 'PageUp':
      case 'PageDown': {
        const target = addMonths(monthOf(date), event.key === 'PageUp' ? -1 : 1);
        const day = Math.min(Number(date.slice(8)), Number(lastOfMonth(target).slice(8)));
        next = `${firstOfMonth(target).slice(0, 8)}${String(day).padStart(2, '0')}`;
        break;
      }
      default:
        return;
    }
    event.preventDefault();
    moveTo(next);
  }

  function label(date: string): string {
    const count = counts?.[date];
    const parts = [formats.date(date, 'full')];
    if (count && count.total > 0) {
      parts.push(
        t('calendar.dayCounts', {
          unique: t('calendar.newCount', { count: count.unique, n: formats.integer(count.unique) }),
          total: formats.integer(count.total),
        }),
      );
    } else if (date <= today) {
      parts.push(t('calendar.nothingRead'));
    }
    if (goal !== undefined && count && count.unique >= goal) parts.push(t('calendar.goalMet'));
    else if (goal !== undefined && count && count.total >= goal) parts.push(t('calendar.goalReread'));
    if (date === lookBackDate) parts.push(t('calendar.lookBackDate'));
    else if (lookBackDate && date < lookBackDate) parts.push(t('calendar.beforeLookBack'));
    if (date === today) parts.push(t('calendar.today'));
    return parts.join(', ');
  }

  return (
    <table className={styles.table} aria-labelledby={`${id}-caption`}>
      <caption id={`${id}-caption`} className="visually-hidden">
        {t('calendar.tableCaption', { month: formats.month(firstOfMonth(month)) })}
      </caption>
      <thead>
        <tr>
          {weeks[0]!.map((date) => (
            <th key={date} scope="col" className={styles.weekday}>
              <span aria-hidden="true">{formats.weekday(date, 'short')}</span>
              <span className="visually-hidden">{formats.weekday(date, 'long')}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((date) => {
              const count = counts?.[date];
              const unique = count?.unique ?? 0;
              const total = count?.total ?? 0;
              const met = goal !== undefined && total > 0 && unique >= goal;
              // Enough read that day, but mostly reread: the goal counts new verses only.
              const reread = goal !== undefined && !met && total >= goal;
              const outside = !sameMonth(monthOf(date), month);
              const classes = [
                styles.day,
                outside ? styles.outside : '',
                lookBackDate && date < lookBackDate ? styles.before : '',
                date === lookBackDate ? styles.lookBack : '',
                date === today ? styles.today : '',
                date > today ? styles.future : '',
                met ? styles.met : '',
                reread ? styles.reread : '',
                total > 0 ? styles.read : '',
              ]
                .filter(Boolean)
                .join(' ');
              const fill = goal ? Math.min(1, unique / goal) : 0;
              return (
                <td key={date} className={styles.cell}>
                  <button
                    ref={(element) => {
                      if (element) buttons.current.set(date, element);
                      else buttons.current.delete(date);
                    }}
                    type="button"
                    className={classes}
                    tabIndex={date === activeDate ? 0 : -1}
                    aria-pressed={date === selected}
                    aria-current={date === today ? 'date' : undefined}
                    onKeyDown={(event) => onKeyDown(event, date)}
                    onFocus={() => setFocusDate(date)}
                    onClick={() => {
                      wantFocus.current = outside;
                      setFocusDate(date);
                      onSelect(date);
                    }}
                  >
                    <span className="visually-hidden">{label(date)}</span>
                    <span className={styles.visible} aria-hidden="true">
                      <span className={styles.number}>
                        <span className={styles.dayNum}>{Number(date.slice(8))}</span>
                        {met && <span className={styles.check}>✓</span>}
                        {reread && <span className={styles.rereadMark}>↻</span>}
                        {date === lookBackDate && <span className={styles.flag}>⚑</span>}
                      </span>
                      {total > 0 && (
                        <>
                          <span className={styles.unique}>
                            {formats.integer(unique)}
                            {goal !== undefined && <span className={styles.goal}>/{formats.integer(goal)}</span>}
                          </span>
                          <span className={styles.total}>Σ {formats.integer(total)}</span>
                          <span className={styles.bar}>
                            <span style={{ width: `${fill * 100}%` }} />
                          </span>
                        </>
                      )}
                    </span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
