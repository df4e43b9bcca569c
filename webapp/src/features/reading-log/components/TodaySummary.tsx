import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/shared/i18n';
import type { ProgressSummary, ReadingStreak } from '@/shared/readmodels';
import { useFormats } from '../lib/format';
import styles from './TodaySummary.module.css';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring filled to the share of the goal reached (decorative: the figures are text beside it). */
function ProgressRing({ fraction, label }: { fraction: number; label: string }) {
  const filled = Math.max(0, Math.min(1, fraction));
  return (
    <div className={styles.ring} aria-hidden="true">
      <svg viewBox="0 0 128 128" width="128" height="128">
        <circle cx="64" cy="64" r={RADIUS} className={styles.track} />
        <circle
          cx="64"
          cy="64"
          r={RADIUS}
          className={filled >= 1 ? `${styles.fill} ${styles.done}` : styles.fill}
          strokeDasharray={`${CIRCUMFERENCE * filled} ${CIRCUMFERENCE}`}
          transform="rotate(-90 64 64)"
        />
      </svg>
      <span className={styles.ringLabel}>{label}</span>
    </div>
  );
}

/** Today's unique verses against the daily goal, with the total beside it and the share of the Bible read. */
export function GoalCard({
  unique,
  total,
  goal,
  bible,
  loading,
}: {
  unique: number;
  total: number;
  goal: number | undefined;
  bible: ProgressSummary | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const fraction = goal ? unique / goal : 0;
  const met = goal !== undefined && unique >= goal;
  const left = goal !== undefined ? Math.max(0, goal - unique) : 0;
  return (
    <section className={styles.card} aria-labelledby="today-goal-heading" aria-busy={loading || undefined}>
      <h2 id="today-goal-heading" className={styles.heading}>
        {t('today.goalHeading')}
      </h2>
      <div className={styles.goalBody}>
        <ProgressRing fraction={fraction} label={goal ? formats.share(Math.min(unique, goal * 9.99), goal) : '–'} />
        <dl className={styles.figures}>
          <div>
            <dt>{t('today.newVerses')}</dt>
            <dd className={styles.big}>
              {goal !== undefined
                ? t('today.ofGoal', { unique: formats.integer(unique), goal: formats.integer(goal) })
                : formats.integer(unique)}
            </dd>
          </div>
          <div>
            <dt>{t('today.totalVerses')}</dt>
            <dd>{formats.integer(total)}</dd>
          </div>
        </dl>
      </div>
      {goal !== undefined && (
        <p className={met ? styles.met : styles.note}>
          {met ? t('today.goalMet') : t('today.goalLeft', { count: left, n: formats.integer(left) })}
        </p>
      )}
      {bible && (
        <p className={styles.note}>
          <LocaleLink to="/progress">{t('today.bibleRead', { percent: formats.share(bible.versesRead, bible.totalVerses) })}</LocaleLink>
        </p>
      )}
    </section>
  );
}

/** The current and longest reading streak. */
export function StreakCard({ streak }: { streak: ReadingStreak | undefined }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const days = (n: number) => t('streak.days', { count: n, n: formats.integer(n) });
  return (
    <section className={styles.card} aria-labelledby="today-streak-heading" aria-busy={!streak || undefined}>
      <h2 id="today-streak-heading" className={styles.heading}>
        {t('streak.heading')}
      </h2>
      {streak ? (
        <>
          <p className={styles.streak}>
            <svg className={styles.flame} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="M12 2c1 3.5-1.5 5-1.5 7.5 0 1.4 1 2.5 2.3 2.5 1.5 0 2.2-1.2 2.2-2.6 2.3 1.8 3.5 4.2 3.5 6.6 0 3.9-3 6-6.5 6S5.5 19.9 5.5 16c0-5 5-7.5 6.5-14z" />
            </svg>
            <span>
              <span className="visually-hidden">{t('streak.current')}: </span>
              {days(streak.current)}
            </span>
          </p>
          <p className={styles.note}>{t('streak.longest', { days: days(streak.longest) })}</p>
          <p className={styles.note}>
            {streak.todayRead ? t('streak.todayRead') : streak.current > 0 ? t('streak.keepGoing') : t('streak.start')}
          </p>
          {streak.restDaysPerWeek > 0 && (
            <p className={styles.note}>
              {t('streak.restDaysLeft', { count: streak.restDaysLeftThisWeek, n: formats.integer(streak.restDaysLeftThisWeek) })}
            </p>
          )}
        </>
      ) : (
        <p className={styles.note}>{t('loading')}</p>
      )}
    </section>
  );
}
