import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useFormats } from '@/shared/lib/formats';
import { useUpdateReaderSettingsMutation } from '@/shared/reader';
import { FormAlert, SubmitButton, useFormErrors, useToast } from '@/shared/ui';
import { addDays, type IsoDate } from '../model/dates';
import { MAX_DAILY_GOAL, planGoal } from '../model/outlook';
import styles from './GoalForm.module.css';

/** A daily goal from the date the reader wants to finish the Bible by, saved as their goal. */
export function GoalForm({ remaining, today, currentGoal }: { remaining: number; today: IsoDate; currentGoal?: number }) {
  const { t } = useTranslation('progress');
  const fmt = useFormats();
  const toast = useToast();
  const inputId = useId();
  const [finishDate, setFinishDate] = useState(() => addDays(today, 365));
  const [updateSettings, { isLoading: saving }] = useUpdateReaderSettingsMutation();
  const form = useFormErrors<'finishDate'>({ finishDate: t('goal.finishBy') });
  const plan = planGoal({ remaining, today, finishDate });

  let message: string;
  switch (plan.kind) {
    case 'done':
      message = t('goal.done');
      break;
    case 'invalidDate':
      message = t('goal.chooseDate');
      break;
    case 'tooSoon':
      message = t('goal.tooSoon');
      break;
    case 'plan':
      message = plan.tooHigh
        ? t('goal.tooHigh', { goal: fmt.integer(plan.versesPerDay), max: fmt.integer(MAX_DAILY_GOAL) })
        : t('goal.plan', { goal: fmt.integer(plan.versesPerDay), days: fmt.integer(plan.days), date: fmt.date(finishDate) });
      break;
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || plan.kind === 'done') return;
    form.clear();
    if (plan.kind !== 'plan' || plan.tooHigh) {
      form.showFieldErrors({ finishDate: message });
      return;
    }
    try {
      await updateSettings({ dailyVerseCountGoal: plan.versesPerDay }).unwrap();
      toast.success(t('goal.saved', { goal: fmt.integer(plan.versesPerDay) }));
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  };

  return (
    <form className={styles.goal} onSubmit={(e) => void onSubmit(e)} noValidate>
    <div className={styles.goalField}>
      <label htmlFor={inputId}>{t('goal.finishBy')}</label>
      <input
        ref={form.inputRef('finishDate')}
        id={inputId}
        type="date"
        className={styles.dateInput}
        value={finishDate}
        min={addDays(today, 1)}
        onChange={(e) => {
          setFinishDate(e.target.value);
          form.clearField('finishDate');
        }}
        aria-invalid={form.errors.finishDate ? true : undefined}
        aria-describedby={`${inputId}-result`}
      />
    </div>
    <div className={styles.goalResult}>
      <div id={`${inputId}-result`} aria-live="polite">
        {plan.kind === 'plan' && !plan.tooHigh && (
          <p className={styles.goalNumber}>
            <span>{t('goal.perDay')}</span> <span className={styles.goalValue}>{fmt.integer(plan.versesPerDay)}</span>
          </p>
        )}
        <p className={styles.goalMessage}>{message}</p>
      </div>
      {currentGoal ? <p className={styles.currentGoal}>{t('goal.current', { goal: fmt.integer(currentGoal) })}</p> : null}
    </div>
    {form.formError && <FormAlert className={styles.alert} title={t('goal.saveFailed')}>{form.formError}</FormAlert>}
    {/* With nothing left to read there is no goal to save. */}
    <SubmitButton busy={saving} disabled={plan.kind === 'done'}>
      {t('goal.save')}
    </SubmitButton>
    </form>
  );
}
