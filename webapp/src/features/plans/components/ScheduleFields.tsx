import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Fieldset, TextField } from '@/shared/ui';
import { usePlanFormats } from '../lib/format';
import { WEEKDAYS } from '../lib/schedule';
import styles from './ScheduleFields.module.css';

export interface Schedule {
  startDate: string;
  weekdays: number[];
}

export interface ScheduleFieldsProps {
  value: Schedule;
  onChange(next: Schedule): void;
  today: string;
  errors: { startDate?: string; weekdays?: string };
  inputRef(field: 'startDate' | 'weekdays'): (element: HTMLElement | null) => void;
}

/** When a plan starts (today, or a date before) and which weekdays its days fall on. */
export function ScheduleFields({ value, onChange, today, errors, inputRef }: ScheduleFieldsProps) {
  const { t } = useTranslation('plans');
  const formats = usePlanFormats();
  const errorId = `${useId()}-weekdays-error`;
  const toggle = (day: number) => {
    const weekdays = value.weekdays.includes(day) ? value.weekdays.filter((d) => d !== day) : [...value.weekdays, day].sort();
    onChange({ ...value, weekdays });
  };
  return (
    <div className={styles.fields}>
      <TextField
        ref={inputRef('startDate')}
        type="date"
        label={t('schedule.startDate')}
        hint={value.startDate < today ? t('schedule.backdated') : t('schedule.startHint')}
        value={value.startDate}
        required
        error={errors.startDate}
        onChange={(event) => onChange({ ...value, startDate: event.target.value })}
      />
      <Fieldset legend={t('schedule.weekdays')} aria-describedby={errors.weekdays ? errorId : undefined}>
        <div className={styles.weekdays}>
          {WEEKDAYS.map((day, index) => (
            <label key={day} className={styles.weekday}>
              <input
                ref={index === 0 ? inputRef('weekdays') : undefined}
                type="checkbox"
                checked={value.weekdays.includes(day)}
                aria-label={formats.weekday(day, 'long')}
                onChange={() => toggle(day)}
              />
              <span aria-hidden="true">{formats.weekday(day, 'short')}</span>
            </label>
          ))}
        </div>
        {errors.weekdays && (
          <p id={errorId} className={styles.error}>
            {errors.weekdays}
          </p>
        )}
      </Fieldset>
    </div>
  );
}
