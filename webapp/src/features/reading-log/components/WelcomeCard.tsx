import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apps, versionsByLanguage } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { useBrowserBibleApp, useUpdateReaderSettingsMutation, writeBrowserBibleApp, type ReaderSettings } from '@/shared/reader';
import { Button, FormAlert, SubmitButton } from '@/shared/ui';
import { addDays } from '../lib/dates';
import { useStartDailyReminderMutation } from '../api';
import { useFormats } from '../lib/format';
import { MAX_GOAL, MIN_GOAL } from '../lib/goal';
import { welcomeGoal, type GoalChoice } from '../lib/welcomeGoal';
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
  const { locale } = useLocale();
  const languageNames = new Intl.DisplayNames([formats.tag], { type: 'language' });
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
  const [failed, setFailed] = useState(false);
  const goal = welcomeGoal(choice, { today, finishBy, ownPace });

  const finish = async (patch: Parameters<typeof saveSettings>[0], reminderAt?: string) => {
    setFailed(false);
    try {
      if (reminderAt) await startReminder(reminderAt).unwrap();
      await saveSettings({ ...patch, welcomeDone: true }).unwrap();
    } catch {
      setFailed(true);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!goal.ok || isLoading) return;
    writeBrowserBibleApp(app);
    void finish(
      { dailyVerseCountGoal: goal.versesPerDay, preferredBibleVersion: version, preferredBibleApp: app as ReaderSettings['preferredBibleApp'] },
      remind && remindAt ? remindAt : undefined,
    );
  };

  const goalText = goal.ok
    ? t('welcome.perDay', { count: goal.versesPerDay, n: formats.integer(goal.versesPerDay) })
    : t(`welcome.goalProblem.${goal.reason}`, { min: formats.integer(MIN_GOAL), max: formats.integer(MAX_GOAL) });

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('welcome.heading')}
      </h2>
      <p className={styles.lead}>{t('welcome.lead')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.fieldset} aria-describedby={`${id}-goal`}>
          <legend className={styles.legend}>{t('welcome.goal')}</legend>
          <label className={styles.choice}>
            <input type="radio" name={`${id}-goal`} checked={choice === 'year'} onChange={() => setChoice('year')} />
            {t('welcome.year')}
          </label>
          <label className={styles.choice}>
            <input type="radio" name={`${id}-goal`} checked={choice === 'byDate'} onChange={() => setChoice('byDate')} />
            {t('welcome.byDate')}
          </label>
          {choice === 'byDate' && (
            <label className={styles.inline}>
              <span>{t('welcome.finishBy')}</span>
              <input type="date" className={styles.input} value={finishBy} min={addDays(today, 1)} onChange={(e) => setFinishBy(e.target.value)} />
            </label>
          )}
          <label className={styles.choice}>
            <input type="radio" name={`${id}-goal`} checked={choice === 'own'} onChange={() => setChoice('own')} />
            {t('welcome.own')}
          </label>
          {choice === 'own' && (
            <label className={styles.inline}>
              <span>{t('welcome.ownPace')}</span>
              <input
                type="number"
                inputMode="numeric"
                className={styles.input}
                min={MIN_GOAL}
                max={MAX_GOAL}
                value={ownPace}
                onChange={(e) => setOwnPace(e.target.value)}
              />
            </label>
          )}
          <p id={`${id}-goal`} className={goal.ok ? styles.result : styles.problem} aria-live="polite">
            {goalText}
          </p>
        </fieldset>
        <div className={styles.selects}>
          <label className={styles.field}>
            <span className={styles.legend}>{t('welcome.version')}</span>
            <select className={styles.input} value={version} onChange={(e) => setVersion(e.target.value as ReaderSettings['preferredBibleVersion'])}>
              {versionsByLanguage(locale).map(({ language, versions }) => (
                <optgroup key={language} label={languageNames.of(language) ?? language}>
                  {versions.map((v) => (
                    <option key={v.code} value={v.code}>
                      {v.name} ({v.code})
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.legend}>{t('welcome.app')}</span>
            <select className={styles.input} value={app} onChange={(e) => setApp(e.target.value)}>
              {apps().map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('welcome.reminder')}</legend>
          <label className={styles.choice}>
            <input type="checkbox" checked={remind} onChange={(e) => setRemind(e.target.checked)} />
            {t('welcome.remind')}
          </label>
          {remind && (
            <label className={styles.inline}>
              <span>{t('welcome.remindAt')}</span>
              <input type="time" className={styles.input} value={remindAt} required onChange={(e) => setRemindAt(e.target.value)} />
            </label>
          )}
        </fieldset>
        {failed && <FormAlert>{t('welcome.saveFailed')}</FormAlert>}
        <div className={styles.actions}>
          <SubmitButton busy={isLoading} disabled={!goal.ok}>
            {t('welcome.start')}
          </SubmitButton>
          <Button type="button" variant="ghost" disabled={isLoading} onClick={() => void finish({})}>
            {t('welcome.skip')}
          </Button>
        </div>
      </form>
    </section>
  );
}
