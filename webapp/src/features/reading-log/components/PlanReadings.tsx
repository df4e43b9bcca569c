import { useTranslation } from 'react-i18next';
import { format, type Locale } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { rememberOpened, useAddLogEntryMutation, useBibleLinks, useReaderToday } from '@/shared/reader';
import { SubmitButton, useActionLabel, useErrorMessages, useToast } from '@/shared/ui';
import { libraryPlan, todaysDay, useDayCompletion, type ReadingPlan, type ReadingPlanDay } from '@/shared/readmodels';
import { useFormats } from '../lib/format';
import { useLogFollowUp } from './LogFollowUp';
import styles from './PlanReadings.module.css';

type Range = ReadingPlanDay['passages'][number];

function PlanPassage({ range, done, onLogging }: { range: Range; done: boolean; onLogging(): void }) {
  const { t } = useTranslation('plans');
  const actionLabel = useActionLabel();
  const formats = useFormats();
  const links = useBibleLinks();
  const toast = useToast();
  const messages = useErrorMessages();
  const followUp = useLogFollowUp();
  const { today } = useReaderToday();
  const [add, { isLoading }] = useAddLogEntryMutation();
  const passage = format(range, formats.locale as Locale);

  async function onLog() {
    const before = followUp.snapshot();
    onLogging();
    try {
      await add({ date: today, startVerseId: range.startVerseId, endVerseId: range.endVerseId }).unwrap();
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('passage.logFailed'));
      return;
    }
    toast.success(t('passage.logged', { passage }));
    await followUp.afterSave([today], before);
  }

  return (
    <li className={done ? `${styles.passage} ${styles.done}` : styles.passage}>
      <span className={styles.name}>
        <span className={styles.mark} aria-hidden="true">
          {done ? '✓' : '○'}
        </span>
        {passage}
        <span className="visually-hidden">{done ? t('passage.read') : t('passage.unread')}</span>
      </span>
      <span className={styles.actions}>
        <a
          className={styles.open}
          href={links.href(range)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={actionLabel(t('passage.open'), t('passage.openContext', { passage, app: links.appName }))}
          onClick={() => rememberOpened(range)}
        >
          {t('passage.open')}
          <span aria-hidden="true"> ↗</span>
        </a>
        {!done && (
          <SubmitButton type="button" size="small" busy={isLoading} aria-label={actionLabel(t('passage.log'), passage)} onClick={() => void onLog()}>
            {t('passage.log')}
          </SubmitButton>
        )}
      </span>
    </li>
  );
}

function PlanDay({ plan, day, complete, onLogging }: { plan: ReadingPlan; day: ReadingPlanDay; complete: boolean; onLogging(): void }) {
  const { t } = useTranslation('plans');
  const headingId = `today-plan-${plan.id}`;
  const library = libraryPlan(plan.source);
  // A library plan's name in the reader's language; the server keeps it in English.
  const name = library ? t(`templates.${library}.name`) : plan.name;
  return (
    <li className={styles.plan} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        <LocaleLink to={`/plans/${plan.id}`}>{t('today.dayOf', { day: day.day, name })}</LocaleLink>
      </h3>
      {complete ? (
        <p className={styles.complete} role="status">
          <span className={styles.spark} aria-hidden="true">
            ✦
          </span>
          {t('dayComplete.title')}
        </p>
      ) : (
        day.done && <p className={styles.muted}>{t('today.dayDone')}</p>
      )}
      <ul className={styles.passages}>
        {day.passages.map((range, index) => (
          <PlanPassage key={index} range={range} done={day.passagesDone[index] ?? false} onLogging={onLogging} />
        ))}
      </ul>
    </li>
  );
}

/** Today's "From your plans": each plan's day for today, with one-tap logging and a "Day complete" moment. */
export function PlanReadings({ plans }: { plans: readonly ReadingPlan[] }) {
  const { t } = useTranslation('plans');
  const completion = useDayCompletion(plans);
  const days = plans.flatMap((plan) => {
    const day = todaysDay(plan);
    return day ? [{ plan, day }] : [];
  });
  if (days.length === 0) {
    return (
      <p className={styles.muted}>
        {t('today.nothing')} <LocaleLink to="/plans">{t('today.allPlans')}</LocaleLink>
      </p>
    );
  }
  return (
    <ul className={styles.list} aria-label={t('today.heading')}>
      {days.map(({ plan, day }) => (
        <PlanDay
          key={plan.id}
          plan={plan}
          day={day}
          complete={completion.completed?.planId === plan.id && completion.completed.day === day.day}
          onLogging={() => {
            if (!day.done) completion.watch(plan.id, day.day);
          }}
        />
      ))}
    </ul>
  );
}
