import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useFormErrors } from '@/shared/ui';
import styles from './admin.module.css';

export const PRESETS = [7, 30, 90, 365] as const;
const MIN_DAYS = 7;
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export interface DateRange {
  from: string;
  to: string;
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const todayUTC = () => isoDate(Date.now());
export const daysIn = (range: DateRange) => (dayOf(range.to) - dayOf(range.from)) / DAY_MS + 1;

/** A range the report answers: 7 days to a year, ending no later than today (UTC). */
export const isValidRange = (range: DateRange) => {
  const days = daysIn(range);
  return days >= MIN_DAYS && days <= MAX_DAYS && range.to <= todayUTC();
};

/** A preset's range: the last n days up to today (UTC). */
export function lastDays(n: number): DateRange {
  const to = todayUTC();
  return { from: isoDate(dayOf(to) - (n - 1) * DAY_MS), to };
}

/** The range shown: a preset, or dates of the admin's own choosing applied together. */
export function EngagementRange({ range, onShow }: { range: DateRange; onShow: (range: DateRange) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const preset = PRESETS.find((n) => n === daysIn(range) && range.to === todayUTC());
  const [custom, setCustom] = useState(range);
  // One message about the pair of dates, kept on the first of them.
  const form = useFormErrors<'from'>({ from: t('engagement.from') });
  const invalid = form.errors.from !== undefined;

  const show = (next: DateRange) => {
    setCustom(next);
    form.clear();
    onShow(next);
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    form.clear();
    if (!isValidRange(custom)) {
      form.showFieldErrors({ from: t('engagement.invalidRange') });
      return;
    }
    show(custom);
  }

  const dateInput = (field: keyof DateRange) => (
    <div className={styles.control}>
      <label htmlFor={`${id}-${field}`}>{t(`engagement.${field}`)}</label>
      <input
        ref={field === 'from' ? form.inputRef('from') : undefined}
        id={`${id}-${field}`}
        type="date"
        className={styles.input}
        value={custom[field]}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-invalid` : undefined}
        onChange={(event) => {
          setCustom({ ...custom, [field]: event.target.value });
          form.clearField('from');
        }}
      />
    </div>
  );

  return (
    <>
      <div className={styles.controls}>
        <div className={styles.control}>
          <label htmlFor={`${id}-preset`}>{t('engagement.range')}</label>
          <select
            id={`${id}-preset`}
            className={styles.input}
            value={preset ?? ''}
            onChange={(event) => event.target.value && show(lastDays(Number(event.target.value)))}
          >
            {preset === undefined && <option value="">{`${range.from} – ${range.to}`}</option>}
            {PRESETS.map((n) => (
              <option key={n} value={n}>
                {t(`engagement.ranges.${n}`)}
              </option>
            ))}
          </select>
        </div>
        <form className={styles.controls} onSubmit={onSubmit} noValidate>
          {dateInput('from')}
          {dateInput('to')}
          <Button type="submit" variant="secondary" size="small">
            {t('engagement.apply')}
          </Button>
        </form>
      </div>
      {invalid && (
        <p id={`${id}-invalid`} role="alert" className={styles.error}>
          {form.errors.from}
        </p>
      )}
    </>
  );
}
