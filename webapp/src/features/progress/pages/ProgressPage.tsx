import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useFormats } from '@/shared/lib/formats';
import { useGetReaderSettingsQuery, useReaderToday } from '@/shared/reader';
import { useGetDateVerseCountsQuery, useGetProgressOverviewQuery, type DateVerseCounts } from '@/shared/readmodels';
import { GoalForm } from '../components/GoalForm';
import { LoadError, Loading } from '../components/QueryState';
import { SegmentBar } from '../components/SegmentBar';
import { addDays, type IsoDate } from '../model/dates';
import { MAX_FINISH_YEARS, MIN_HISTORY_DAYS, outlooks, type Outlook } from '../model/outlook';
import styles from './ProgressPage.module.css';

/** Days the chart shows, and the longest span the date-verse-counts API answers. */
const CHART_DAYS = 30;
const MAX_SPAN_DAYS = 3700;

/** /progress: what is read since lookBackDate, where the pace leads, and a goal from a date. */
export function ProgressPage() {
  const { t } = useTranslation('progress');
  useDocumentTitle(t('progressPage.title'));
  const fmt = useFormats();
  const { today } = useReaderToday();
  const settings = useGetReaderSettingsQuery();
  const overview = useGetProgressOverviewQuery();
  const lookBackDate = settings.data?.lookBackDate;

  const range = useMemo(() => {
    if (!lookBackDate) return undefined;
    const chartStart = addDays(today, -(CHART_DAYS - 1));
    const earliest = addDays(today, -(MAX_SPAN_DAYS - 1));
    let from = lookBackDate < chartStart ? lookBackDate : chartStart;
    if (from < earliest) from = earliest;
    return { from, to: today };
  }, [lookBackDate, today]);
  const counts = useGetDateVerseCountsQuery(range ?? skipToken);

  const loading = settings.isLoading || overview.isLoading || counts.isLoading;
  const failed = (settings.isError && !settings.data) || (overview.isError && !overview.data) || (counts.isError && !counts.data);
  const retry = () => {
    if (settings.isError) void settings.refetch();
    if (overview.isError) void overview.refetch();
    if (counts.isError) void counts.refetch();
  };

  const bible = overview.data?.bible;
  const remaining = bible ? bible.totalVerses - bible.versesRead : 0;
  const list = useMemo(
    () => (counts.data && lookBackDate ? outlooks({ counts: counts.data, lookBackDate, today, remaining }) : []),
    [counts.data, lookBackDate, today, remaining],
  );
  const segments = useMemo(() => overview.data?.books.flatMap((b) => b.segments) ?? [], [overview.data]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('progressPage.title')}</h1>
        {lookBackDate && (
          <p className={styles.since}>
            {t('progressPage.since', { date: fmt.date(lookBackDate) })}{' '}
            <LocaleLink to="/settings/reading">{t('progressPage.changeLookBack')}</LocaleLink>
          </p>
        )}
      </header>

      {loading && <Loading />}
      {failed && <LoadError onRetry={retry} />}

      {bible && (
        <section className={styles.stats} aria-labelledby="progress-stats">
          <h2 id="progress-stats" className="visually-hidden">
            {t('progressPage.statsHeading')}
          </h2>
          <dl className={styles.statList}>
            <div className={styles.stat}>
              <dt>{t('progressPage.versesRead')}</dt>
              <dd data-testid="verses-read">{fmt.integer(bible.versesRead)}</dd>
            </div>
            <div className={styles.stat}>
              <dt>{t('progressPage.versesRemaining')}</dt>
              <dd data-testid="verses-remaining">{fmt.integer(remaining)}</dd>
            </div>
            <div className={styles.stat}>
              <dt>{t('progressPage.percentRead')}</dt>
              <dd data-testid="percent-read">{fmt.share(bible.versesRead, bible.totalVerses)}</dd>
            </div>
            <div className={styles.stat}>
              <dt>{t('figures.chapters')}</dt>
              <dd>{t('figures.ofTotal', { read: fmt.integer(bible.chaptersRead), total: fmt.integer(bible.chapterCount) })}</dd>
            </div>
          </dl>
          <SegmentBar segments={segments} size="large" />
        </section>
      )}

      {bible && lookBackDate && counts.data && (
        <>
          <section className={styles.section} aria-labelledby="progress-outlook">
            <h2 id="progress-outlook">{t('outlook.title')}</h2>
            <p className={styles.lead}>{bible.complete ? t('outlook.complete') : t('outlook.intro')}</p>
            <ul className={styles.outlooks}>
              {list.map((o) => (
                <OutlookCard key={o.kind} outlook={o} lookBackDate={lookBackDate} />
              ))}
            </ul>
          </section>

          <section className={styles.section} aria-labelledby="progress-chart">
            <h2 id="progress-chart">{t('chart.title')}</h2>
            <DailyChart counts={counts.data} today={today} lookBackDate={lookBackDate} goal={settings.data?.dailyVerseCountGoal} />
          </section>

          <section className={styles.section} aria-labelledby="progress-goal">
            <h2 id="progress-goal">{t('goal.title')}</h2>
            <GoalForm remaining={remaining} today={today} currentGoal={settings.data?.dailyVerseCountGoal} />
          </section>
        </>
      )}
    </div>
  );
}

function OutlookCard({ outlook: o, lookBackDate }: { outlook: Outlook; lookBackDate: IsoDate }) {
  const { t } = useTranslation('progress');
  const fmt = useFormats();
  const titleId = useId();
  const title =
    o.kind === 'average' ? t('outlook.average', { date: fmt.date(lookBackDate) }) : t(`outlook.${o.kind}`);
  let body;
  if (o.status === 'tooEarly' || o.status === 'noReading') {
    body = <p className={styles.outlookNote}>{t(`outlook.${o.status}`, { days: MIN_HISTORY_DAYS })}</p>;
  } else {
    body = (
      <dl className={styles.outlookFigures}>
        <div>
          <dt>{t('outlook.versesPerDay')}</dt>
          <dd>{fmt.decimal(o.versesPerDay)}</dd>
        </div>
        {o.status === 'farOff' ? (
          <div>
            <dt>{t('outlook.finishDate')}</dt>
            <dd>{t('outlook.farOff', { years: MAX_FINISH_YEARS })}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>{t('outlook.daysToFinish')}</dt>
              <dd>{o.daysToFinish === null ? <Never /> : fmt.integer(o.daysToFinish)}</dd>
            </div>
            <div>
              <dt>{t('outlook.finishDate')}</dt>
              <dd>{o.finishDate === null ? t('outlook.never') : fmt.date(o.finishDate)}</dd>
            </div>
          </>
        )}
      </dl>
    );
  }
  return (
    <li className={styles.outlook}>
      <h3 id={titleId} className={styles.outlookTitle}>
        {title}
      </h3>
      {body}
    </li>
  );
}

function Never() {
  const { t } = useTranslation('progress');
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('outlook.notAtThisPace')}</span>
    </>
  );
}

const CHART_W = 600;
const CHART_H = 160;

function DailyChart({ counts, today, lookBackDate, goal }: { counts: DateVerseCounts; today: IsoDate; lookBackDate: IsoDate; goal?: number }) {
  const { t } = useTranslation('progress');
  const fmt = useFormats();
  const days = useMemo(
    () =>
      Array.from({ length: CHART_DAYS }, (_, i) => {
        const date = addDays(today, i - (CHART_DAYS - 1));
        return { date, verses: date >= lookBackDate ? (counts[date]?.unique ?? 0) : 0 };
      }),
    [counts, today, lookBackDate],
  );
  const best = Math.max(0, ...days.map((d) => d.verses));
  const total = days.reduce((sum, d) => sum + d.verses, 0);
  const metGoal = goal ? days.filter((d) => d.verses >= goal).length : 0;
  const top = Math.max(best, goal ?? 0, 1);
  const slot = CHART_W / CHART_DAYS;
  const summary = t('chart.summary', {
    total: fmt.integer(total),
    best: fmt.integer(best),
    met: fmt.integer(metGoal),
    days: fmt.integer(CHART_DAYS),
  });
  return (
    <figure className={styles.chart}>
      <div className={styles.chartArea}>
        <span className={styles.chartMax} aria-hidden="true">
          {fmt.integer(top)}
        </span>
        <svg viewBox={`0 0 ${CHART_W} ${CHART_H}`} preserveAspectRatio="none" className={styles.chartSvg} role="img" aria-label={summary}>
          {days.map((d, i) => {
            const h = (d.verses / top) * CHART_H;
            return d.verses > 0 ? (
              <rect
                key={d.date}
                className={goal && d.verses >= goal ? styles.barMet : styles.bar}
                x={i * slot + slot * 0.15}
                y={CHART_H - h}
                width={slot * 0.7}
                height={h}
              />
            ) : (
              <rect key={d.date} className={styles.barEmpty} x={i * slot + slot * 0.15} y={CHART_H - 2} width={slot * 0.7} height={2} />
            );
          })}
          {goal ? (
            <line
              className={styles.goalLine}
              x1={0}
              x2={CHART_W}
              y1={CHART_H - (goal / top) * CHART_H}
              y2={CHART_H - (goal / top) * CHART_H}
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
        </svg>
      </div>
      <div className={styles.chartAxis} aria-hidden="true">
        <span>{fmt.shortDate(days[0]!.date)}</span>
        <span>{fmt.shortDate(today)}</span>
      </div>
      <figcaption className={styles.chartCaption}>
        {summary}
        {goal ? (
          <>
            {' '}
            <span className={styles.goalKey}>{t('chart.goalKey', { goal: fmt.integer(goal) })}</span>
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}
