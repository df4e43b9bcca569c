import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormats } from '@/shared/lib/formats';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { AdminNav, buttonClassName, LoadError, Loading } from '@/shared/ui';
import { csvLinks, useGetEngagementQuery, type EngagementReport } from '../api';
import styles from '../components/admin.module.css';
import { Chart } from '../components/Chart';
import { EngagementRange, isValidRange, lastDays, type DateRange } from '../components/EngagementRange';

/** A valid range from the address, or the last 30 days. */
function rangeOf(params: URLSearchParams): DateRange {
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return isValidRange(range) ? range : lastDays(30);
}

/** /admin/engagement: readers' engagement over a range of 7 days to a year, charted and tabled. */
export function EngagementPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('engagement.title'));
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  const { data, isFetching, isError, refetch } = useGetEngagementQuery(range);

  return (
    <div className={styles.page}>
      <AdminNav />
      <header className={styles.header}>
        <h1 className={styles.title}>{t('engagement.title')}</h1>
        <p className={styles.intro}>{t('engagement.intro')}</p>
      </header>
      <EngagementRange range={range} onShow={(next) => setParams(new URLSearchParams({ ...next }))} />
      <p className={styles.downloads}>
        <a className={buttonClassName({ variant: 'secondary', size: 'small' })} href={csvLinks.engagement(range.from, range.to, 'days')} download>
          {t('engagement.download')}
        </a>
        <a className={buttonClassName({ variant: 'secondary', size: 'small' })} href={csvLinks.engagement(range.from, range.to, 'cohorts')} download>
          {t('engagement.downloadCohorts')}
        </a>
      </p>
      <div aria-busy={isFetching || undefined}>
        {!data && isError && <LoadError message={t('state.error')} retryLabel={t('state.retry')} onRetry={() => void refetch()} />}
        {!data && !isError && <Loading>{t('state.loading')}</Loading>}
        {data && <Report report={data} />}
      </div>
    </div>
  );
}

function Report({ report }: { report: EngagementReport }) {
  const { t } = useTranslation('admin');
  const fmt = useFormats();
  const id = useId();
  const labels = report.days.map((d) => fmt.date(d.date));
  const sum = (pick: (d: EngagementReport['days'][number]) => number) => report.days.reduce((n, d) => n + pick(d), 0);
  const sent = sum((d) => d.remindersSent);
  const followed = sum((d) => d.remindersFollowed);
  const last = report.days[report.days.length - 1];
  const chart = (key: 'active' | 'accounts' | 'notes' | 'reminders' | 'goal', series: { label: string; values: number[] }[]) => (
    <Chart
      title={t(`engagement.charts.${key}`)}
      tableCaption={t('engagement.tableOf', { chart: t(`engagement.charts.${key}`) })}
      xLabel={t('engagement.date')}
      labels={labels}
      tick={(i) => fmt.shortDate(report.days[i]?.date ?? '')}
      series={series}
      format={fmt.integer}
    />
  );
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? t('engagement.pending') : fmt.percent(v));

  return (
    <>
      <section aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className={styles.sectionTitle}>
          {t('engagement.summary')}
        </h2>
        <dl className={styles.stats}>
          {(
            [
              [t('engagement.totals.latestMonthly'), fmt.integer(last?.monthlyActiveReaders ?? 0)],
              [t('engagement.totals.newAccounts'), fmt.integer(sum((d) => d.newAccounts))],
              [t('engagement.totals.notes'), fmt.integer(sum((d) => d.notesWritten))],
              [t('engagement.totals.remindersSent'), fmt.integer(sent)],
              [t('engagement.totals.followedShare'), sent ? fmt.percent(followed / sent) : '—'],
            ] as const
          ).map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className={styles.charts}>
        {chart('active', [
          { label: t('engagement.series.daily'), values: report.days.map((d) => d.activeReaders) },
          { label: t('engagement.series.weekly'), values: report.days.map((d) => d.weeklyActiveReaders) },
          { label: t('engagement.series.monthly'), values: report.days.map((d) => d.monthlyActiveReaders) },
        ])}
        {chart('accounts', [
          { label: t('engagement.series.newAccounts'), values: report.days.map((d) => d.newAccounts) },
          { label: t('engagement.series.deleted'), values: report.days.map((d) => d.deletedAccounts) },
        ])}
        {chart('reminders', [
          { label: t('engagement.series.sent'), values: report.days.map((d) => d.remindersSent) },
          { label: t('engagement.series.followed'), values: report.days.map((d) => d.remindersFollowed) },
        ])}
        {chart('goal', [{ label: t('engagement.series.goal'), values: report.days.map((d) => d.readersMeetingGoal) }])}
        {chart('notes', [{ label: t('engagement.series.notes'), values: report.days.map((d) => d.notesWritten) }])}
      </div>
      <section aria-labelledby={`${id}-cohorts`}>
        <h2 id={`${id}-cohorts`} className={styles.sectionTitle}>
          {t('engagement.cohorts')}
        </h2>
        <p className={styles.intro}>{t('engagement.cohortsIntro')}</p>
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={`${id}-cohorts`}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('engagement.cohortColumns.week')}</th>
                <th scope="col" className={styles.number}>{t('engagement.cohortColumns.size')}</th>
                <th scope="col" className={styles.number}>{t('engagement.cohortColumns.day1')}</th>
                <th scope="col" className={styles.number}>{t('engagement.cohortColumns.day7')}</th>
                <th scope="col" className={styles.number}>{t('engagement.cohortColumns.day30')}</th>
              </tr>
            </thead>
            <tbody>
              {[...report.cohorts].reverse().map((c) => (
                <tr key={c.week}>
                  <th scope="row">{fmt.date(c.week)}</th>
                  {c.suppressed ? (
                    <td colSpan={4}>{t('engagement.suppressed')}</td>
                  ) : (
                    <>
                      <td className={styles.number}>{fmt.integer(c.size ?? 0)}</td>
                      <td className={styles.number}>{pct(c.day1)}</td>
                      <td className={styles.number}>{pct(c.day7)}</td>
                      <td className={styles.number}>{pct(c.day30)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
