import { useTranslation } from 'react-i18next';
import { apps, versionsByLanguage } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import type { ReaderSettings } from '@/shared/reader';
import type { FormErrors } from '@/shared/ui';
import { addDays } from '../lib/dates';
import { useFormats } from '../lib/format';
import { MAX_GOAL, MIN_GOAL } from '../lib/goal';
import type { GoalChoice, WelcomeGoal as Goal } from '../lib/welcomeGoal';
import styles from './WelcomeCard.module.css';

export type WelcomeField = 'finishBy' | 'ownPace' | 'remindAt';

export interface WelcomeGoalProps {
  id: string;
  today: string;
  choice: GoalChoice;
  finishBy: string;
  ownPace: string;
  goal: Goal;
  /** The verses a day the goal means, or its problem. */
  goalText: string;
  form: Pick<FormErrors<WelcomeField>, 'errors' | 'inputRef' | 'clearField'>;
  onChoice(choice: GoalChoice): void;
  onFinishBy(date: string): void;
  onOwnPace(pace: string): void;
}

/** The daily goal: the Bible in a year, by a date, or the reader's own pace, with the verses a day it means. */
export function WelcomeGoal({ id, today, choice, finishBy, ownPace, goal, goalText, form, onChoice, onFinishBy, onOwnPace }: WelcomeGoalProps) {
  const { t } = useTranslation('readingLog');
  const goalId = `${id}-goal`;
  const radio = (value: GoalChoice) => (
    <label className={styles.choice}>
      <input type="radio" name={goalId} checked={choice === value} onChange={() => onChoice(value)} />
      {t(`welcome.${value}`)}
    </label>
  );
  return (
    <fieldset className={styles.fieldset} aria-describedby={goalId}>
      <legend className={styles.legend}>{t('welcome.goal')}</legend>
      {radio('year')}
      {radio('byDate')}
      {choice === 'byDate' && (
        <label className={styles.inline}>
          <span>{t('welcome.finishBy')}</span>
          <input
            ref={form.inputRef('finishBy')}
            type="date"
            className={styles.input}
            value={finishBy}
            min={addDays(today, 1)}
            aria-invalid={form.errors.finishBy ? true : undefined}
            aria-describedby={goalId}
            onChange={(event) => {
              onFinishBy(event.target.value);
              form.clearField('finishBy');
            }}
          />
        </label>
      )}
      {radio('own')}
      {choice === 'own' && (
        <label className={styles.inline}>
          <span>{t('welcome.ownPace')}</span>
          <input
            ref={form.inputRef('ownPace')}
            type="number"
            inputMode="numeric"
            className={styles.input}
            min={MIN_GOAL}
            max={MAX_GOAL}
            value={ownPace}
            aria-invalid={form.errors.ownPace ? true : undefined}
            aria-describedby={goalId}
            onChange={(event) => {
              onOwnPace(event.target.value);
              form.clearField('ownPace');
            }}
          />
        </label>
      )}
      {/* The goal's problem is said here as the reader types; saving marks the field and moves focus to it. */}
      <p id={goalId} className={goal.ok ? styles.result : styles.problem} aria-live="polite">
        {goalText}
      </p>
    </fieldset>
  );
}

/** The Bible version to read and the app passages open in. */
export function WelcomeBible({
  version,
  app,
  onVersion,
  onApp,
}: {
  version: ReaderSettings['preferredBibleVersion'];
  app: string;
  onVersion(version: ReaderSettings['preferredBibleVersion']): void;
  onApp(app: string): void;
}) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const { locale } = useLocale();
  const languageNames = new Intl.DisplayNames([formats.tag], { type: 'language' });
  return (
    <div className={styles.selects}>
      <label className={styles.field}>
        <span className={styles.legend}>{t('welcome.version')}</span>
        <select className={styles.input} value={version} onChange={(e) => onVersion(e.target.value as ReaderSettings['preferredBibleVersion'])}>
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
        <select className={styles.input} value={app} onChange={(e) => onApp(e.target.value)}>
          {apps().map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
