import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apps } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { useBrowserBibleApp, useUpdateReaderSettingsMutation, writeBrowserBibleApp, type ReaderSettings } from '@/shared/reader';
import { Button, FormAlert, SubmitButton, useFormErrors, type FieldErrors } from '@/shared/ui';
import { addDays } from '../lib/dates';
import { useStartDailyReminderMutation } from '../api';
import { useFormats } from '../lib/format';
import { MAX_GOAL, MIN_GOAL } from '../lib/goal';
import { welcomeGoal, type GoalChoice } from '../lib/welcomeGoal';
import { WelcomeBible, WelcomeGoal, type WelcomeField } from './WelcomeParts';
import styles from './WelcomeCard.module.css';

/**
 * A new reader's welcome on Today: the daily goal (the Bible in a year, by a date, or their own
 * pace, with the verses a day it means), the Bible version and the app, and a daily reminder
 * (off unless chosen). Completing or skipping it is saved to the account (welcomeDone), so it
 * shows once across devices.
 */
export function WelcomeCard({ settings, today }: { settings: ReaderSettings; today: string }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const id = useId();
  const browserApp = useBrowserBibleApp();
  const [saveSettings, { isLoading: savingSettings }] = useUpdateReaderSettingsMutation();
  const [startReminder, { isLoading: savingReminder }] = useStartDailyReminderMutation();
  const isLoading = savingSettings || savingReminder;
  const [remind, setRemind] = useState(false);
  const [remindAt, setRemindAt] = useState('07:30');
  const [choice, setChoice] = useState<GoalChoice>('year');
  const [finishBy, setFinishBy] = useState(() => addDays(today, 180));
  const [ownPace, setOwnPace] = useState('');
  const [version, setVersion] = useState(settings.preferredBibleVersion);
  const [app, setApp] = useState<string>(browserApp ?? (settings.preferredBibleApp || apps()[0]!.id));
  const form = useFormErrors<WelcomeField>(
    { finishBy: t('welcome.finishBy'), ownPace: t('welcome.ownPace'), remindAt: t('welcome.remindAt') },
    { fieldOf: (apiField) => (apiField === 'time' ? 'remindAt' : undefined) },
  );
  const goal = welcomeGoal(choice, { today, finishBy, ownPace });
  const goalText = goal.ok
    ? t('welcome.perDay', { count: goal.versesPerDay, n: formats.integer(goal.versesPerDay) })
    : t(`welcome.goalProblem.${goal.reason}`, { min: formats.integer(MIN_GOAL), max: formats.integer(MAX_GOAL) });

  const finish = async (patch: Parameters<typeof saveSettings>[0], reminderAt?: string) => {
    if (isLoading) return;
    form.clear();
    try {
      if (reminderAt) await startReminder(reminderAt).unwrap();
      await saveSettings({ ...patch, welcomeDone: true }).unwrap();
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const errors: FieldErrors<WelcomeField> = {};
    if (!goal.ok) errors[choice === 'byDate' ? 'finishBy' : 'ownPace'] = goalText;
    if (remind && !remindAt) errors.remindAt = form.message('remindAt', { code: 'required' });
    if (!goal.ok || errors.remindAt) {
      form.showFieldErrors(errors);
      return;
    }
    writeBrowserBibleApp(app);
    void finish(
      { dailyVerseCountGoal: goal.versesPerDay, preferredBibleVersion: version, preferredBibleApp: app as ReaderSettings['preferredBibleApp'] },
      remind ? remindAt : undefined,
    );
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('welcome.heading')}
      </h2>
      <p className={styles.lead}>{t('welcome.lead')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <WelcomeGoal
          id={id}
          today={today}
          choice={choice}
          finishBy={finishBy}
          ownPace={ownPace}
          goal={goal}
          goalText={goalText}
          form={form}
          onChoice={setChoice}
          onFinishBy={setFinishBy}
          onOwnPace={setOwnPace}
        />
        <WelcomeBible version={version} app={app} onVersion={setVersion} onApp={setApp} />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('welcome.reminder')}</legend>
          <label className={styles.choice}>
            <input type="checkbox" checked={remind} onChange={(e) => setRemind(e.target.checked)} />
            {t('welcome.remind')}
          </label>
          {remind && (
            <label className={styles.inline}>
              <span>{t('welcome.remindAt')}</span>
              <input
                ref={form.inputRef('remindAt')}
                type="time"
                className={styles.input}
                value={remindAt}
                required
                aria-invalid={form.errors.remindAt ? true : undefined}
                aria-describedby={form.errors.remindAt ? `${id}-remind-error` : undefined}
                onChange={(e) => {
                  setRemindAt(e.target.value);
                  form.clearField('remindAt');
                }}
              />
            </label>
          )}
          {remind && form.errors.remindAt && (
            <p id={`${id}-remind-error`} className={styles.problem}>
              {form.errors.remindAt}
            </p>
          )}
        </fieldset>
        {form.formError && <FormAlert title={t('welcome.saveFailed')}>{form.formError}</FormAlert>}
        <div className={styles.actions}>
          <SubmitButton busy={isLoading}>{t('welcome.start')}</SubmitButton>
          <Button type="button" variant="ghost" disabled={isLoading} onClick={() => void finish({})}>
            {t('welcome.skip')}
          </Button>
        </div>
      </form>
    </section>
  );
}
