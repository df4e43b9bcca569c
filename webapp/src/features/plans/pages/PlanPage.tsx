import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { rangeChapters, verseIdBook, verseIdChapter } from '@/shared/bible';
import { LocaleLink, useLocaleNavigate } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useGetLogQuery, useReaderToday } from '@/shared/reader';
import { todaysDay, useDayCompletion, useGetReadingPlanQuery, type ReadingPlan, type ReadingPlanDay } from '@/shared/readmodels';
import { Button, LoadError, Loading, ProgressBar, useDialogs, useErrorMessages, useToast } from '@/shared/ui';
import { useDeletePlanMutation } from '../api';
import { CatchUpCard } from '../components/CatchUpCard';
import { Meter } from '../components/Meter';
import { PassageRow } from '../components/PassageRow';
import { usePlanFormats } from '../lib/format';
import { usePlanText } from '../lib/names';
import { planCoverage } from '../lib/progress';
import { addDays } from '../lib/schedule';
import styles from './PlanPage.module.css';

/** Days shown before and after today's at first; the rest a tap away. */
const BEFORE = 3;
const AFTER = 10;
const MORE = 30;

/** Chapters the reader logged (touched) in the seven days up to today. */
function useChaptersThisWeek(today: string): number {
  const { data: log } = useGetLogQuery();
  return useMemo(() => {
    const from = addDays(today, -6);
    const chapters = new Set<number>();
    for (const entry of log?.entries ?? []) {
      if (entry.date < from || entry.date > today) continue;
      for (const chapter of rangeChapters(entry)) chapters.add(verseIdBook(chapter.startVerseId) * 1000 + verseIdChapter(chapter.startVerseId));
    }
    return chapters.size;
  }, [log, today]);
}

interface DayItemProps {
  day: ReadingPlanDay;
  /** The day the schedule puts on today. */
  today: boolean;
  /** The first day not done, when it is not today's: what to read next. */
  next: boolean;
  /** Scrolled into view when the page opens. */
  focus: boolean;
  onLogging(): void;
}

function DayItem({ day, today, next, focus, onLogging }: DayItemProps) {
  const { t } = useTranslation('plans');
  const formats = usePlanFormats();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!focus) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
    // Only when the page opens: later answers must not move the page under the reader.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const classes = [styles.day, styles[day.state], today ? styles.current : '', next ? styles.next : ''].filter(Boolean).join(' ');
  const state = t(`day.state.${day.state}`);
  return (
    <li ref={ref} className={classes} aria-current={today ? 'date' : undefined} aria-labelledby={`plan-day-${day.day}`}>
      <div className={styles.dayHead}>
        <h3 id={`plan-day-${day.day}`} className={styles.dayTitle}>
          {t('day.title', { day: day.day })}
          <span className={styles.dayDate}> · {formats.dayDate(day.date)}</span>
        </h3>
        <span className={styles.state}>{today ? t('day.today', { state }) : next ? t('day.next', { state }) : state}</span>
      </div>
      <ul className={styles.passages}>
        {day.passages.map((range, index) => (
          <PassageRow key={index} range={range} done={day.passagesDone[index] ?? false} onLogging={day.done ? undefined : onLogging} />
        ))}
      </ul>
    </li>
  );
}

function Tracks({ plan }: { plan: ReadingPlan }) {
  const { t } = useTranslation('plans');
  return (
    <ol className={styles.days}>
      {(plan.tracks ?? []).map((track, index) => {
        const next = track.passages[track.next];
        return (
          <li key={index} className={styles.day}>
            <div className={styles.dayHead}>
              <h3 className={styles.dayTitle}>{track.name}</h3>
              <span className={styles.state}>{t('track.cycles', { count: track.cycles })}</span>
            </div>
            {next && (
              <ul className={styles.passages}>
                <PassageRow range={next} done={false} />
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Celebration({ plan, name }: { plan: ReadingPlan; name: string }) {
  const { t } = useTranslation('plans');
  return (
    <section className={styles.celebration} aria-labelledby="plan-complete">
      <span className={styles.burst} aria-hidden="true">
        ✦
      </span>
      <h2 id="plan-complete">{t('complete.title')}</h2>
      <p role="status">{t('complete.text', { name, count: plan.totalDays })}</p>
    </section>
  );
}

function PlanContent({ plan }: { plan: ReadingPlan }) {
  const { t } = useTranslation('plans');
  const formats = usePlanFormats();
  const { today } = useReaderToday();
  const { confirm } = useDialogs();
  const toast = useToast();
  const messages = useErrorMessages();
  const navigate = useLocaleNavigate();
  const [remove, removal] = useDeletePlanMutation();
  const chapters = useChaptersThisWeek(today);
  const name = usePlanText().name(plan.source, plan.name);
  const completion = useDayCompletion([plan]);
  // Today's day is the schedule's; the reading to do now is the first open day when behind.
  const scheduled = !plan.paused && plan.scheduledDay !== null && plan.scheduledDay >= 1 ? plan.scheduledDay : null;
  const focus = todaysDay(plan)?.day ?? plan.nextDay ?? (plan.totalDays > 0 ? plan.totalDays : 1);
  const [from, setFrom] = useState(Math.max(1, focus - BEFORE));
  const [to, setTo] = useState(Math.min(plan.totalDays, focus + AFTER));
  const coverage = planCoverage(plan);
  const next = plan.nextDay !== null ? plan.days[plan.nextDay - 1] : undefined;
  const cyclic = plan.days.length === 0;
  const finished = !cyclic && plan.nextDay === null;

  async function onDelete() {
    const ok = await confirm({
      title: t('delete.title', { name }),
      message: t('delete.message'),
      confirmText: t('delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove(plan.id).unwrap();
      toast.success(t('delete.done', { name }));
      navigate('/plans', { replace: true });
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('delete.failed'));
    }
  }

  const lead = next
    ? chapters > 0
      ? t('summary.readNext', { count: chapters, passages: formats.passages(next.passages) })
      : t('summary.next', { passages: formats.passages(next.passages) })
    : t('summary.read', { count: chapters });

  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <LocaleLink to="/plans">{t('plan.back')}</LocaleLink>
      </p>
      <header className={styles.header}>
        <h1 className={styles.title}>{name}</h1>
        <p className={styles.lead}>{lead}</p>
      </header>
      {finished && <Celebration plan={plan} name={name} />}
      {completion.completed && !finished && (
        <p className={styles.dayComplete} role="status">
          <span aria-hidden="true">✓ </span>
          {t('dayComplete.plan', { day: completion.completed.day })}
        </p>
      )}
      <div className={styles.meters}>
        {!cyclic && (
          <Meter
            label={t('card.days')}
            valueText={t('card.daysValue', { done: formats.integer(plan.daysDone), total: formats.integer(plan.totalDays) })}
            value={plan.daysDone}
            max={plan.totalDays}
          />
        )}
        <Meter
          label={t('card.coverage')}
          valueText={t('card.coverageValue', { done: formats.integer(coverage.done), total: formats.integer(coverage.total) })}
          value={coverage.done}
          max={coverage.total}
          tone="coverage"
        />
        {plan.projectedFinish && <p className={styles.muted}>{t('plan.finish', { date: formats.date(plan.projectedFinish), count: plan.minutesPerDay })}</p>}
      </div>
      {!cyclic && <CatchUpCard plan={plan} />}

      <section aria-labelledby="plan-days">
        <h2 id="plan-days" className={styles.sectionTitle}>
          {cyclic ? t('plan.tracks') : t('plan.days')}
        </h2>
        {cyclic ? (
          <Tracks plan={plan} />
        ) : (
          <>
            {from > 1 && (
              <Button variant="ghost" size="small" onClick={() => setFrom(Math.max(1, from - MORE))}>
                {t('plan.earlier')}
              </Button>
            )}
            <ol className={styles.days}>
              {plan.days.slice(from - 1, to).map((day) => (
                <DayItem
                  key={day.day}
                  day={day}
                  today={day.day === scheduled}
                  next={day.day === plan.nextDay && day.day !== scheduled}
                  focus={day.day === focus}
                  onLogging={() => completion.watch(plan.id, day.day)}
                />
              ))}
            </ol>
            {to < plan.totalDays && (
              <Button variant="ghost" size="small" onClick={() => setTo(Math.min(plan.totalDays, to + MORE))}>
                {t('plan.later')}
              </Button>
            )}
          </>
        )}
      </section>

      <section className={styles.danger} aria-labelledby="plan-manage">
        <h2 id="plan-manage" className={styles.sectionTitle}>
          {t('plan.manage')}
        </h2>
        <p className={styles.muted}>{t('delete.hint')}</p>
        <Button variant="danger" size="small" aria-busy={removal.isLoading || undefined} onClick={() => void onDelete()}>
          {t('delete.button')}
        </Button>
      </section>
    </div>
  );
}

/** /plans/:id: one plan's days, what is read and what is next, the catch-up choices and the way to stop it. */
export function PlanPage() {
  const { t } = useTranslation('plans');
  const { id = '' } = useParams();
  const { today } = useReaderToday();
  const plan = useGetReadingPlanQuery({ id, today });
  const text = usePlanText();
  useDocumentTitle(plan.data ? text.name(plan.data.source, plan.data.name) : t('title'));
  const notFound = plan.isError && toApiError(plan.error).status === 404;
  return (
    <>
      <ProgressBar active={plan.isFetching} label={t('loading')} />
      {plan.data ? (
        <PlanContent key={plan.data.id} plan={plan.data} />
      ) : plan.isLoading ? (
        <div className={styles.page}>
          <Loading>{t('loading')}</Loading>
        </div>
      ) : (
        <div className={styles.page}>
          {notFound ? (
            <p>
              {t('plan.notFound')} <LocaleLink to="/plans">{t('plan.back')}</LocaleLink>
            </p>
          ) : (
            <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void plan.refetch()} />
          )}
        </div>
      )}
    </>
  );
}
