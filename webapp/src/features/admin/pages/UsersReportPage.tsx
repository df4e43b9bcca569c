import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/shared/lib/formats';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { AdminNav, Button, buttonClassName, LoadError, Loading } from '@/shared/ui';
import { AUDIT_PAGE_SIZE, csvLinks, useGetAuditQuery, useGetUsersReportQuery, type AuditLine } from '../api';
import styles from '../components/admin.module.css';
import { Chart } from '../components/Chart';
import { useDateTime } from '../components/useDateTime';

/** /admin/users/report: accounts per signup week, the totals, and the audit log. */
export function UsersReportPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('report.title'));
  const fmt = useFormats();
  const id = useId();
  const { data, isError, refetch } = useGetUsersReportQuery();
  const share = (part: number, whole: number) => (whole ? fmt.percent(part / whole) : '—');

  return (
    <div className={styles.page}>
      <AdminNav />
      <header className={styles.header}>
        <h1 className={styles.title}>{t('report.title')}</h1>
        <p className={styles.intro}>{t('report.intro')}</p>
        <a className={buttonClassName({ variant: 'secondary', size: 'small' })} href={csvLinks.usersReport} download>
          {t('report.download')}
        </a>
      </header>
      {!data && isError && <LoadError message={t('state.error')} retryLabel={t('state.retry')} onRetry={() => void refetch()} />}
      {!data && !isError && <Loading>{t('state.loading')}</Loading>}
      {data && (
        <>
          <section aria-labelledby={`${id}-totals`}>
            <h2 id={`${id}-totals`} className={styles.sectionTitle}>
              {t('report.totals')}
            </h2>
            <dl className={styles.stats}>
              {(
                [
                  [t('report.accounts'), fmt.integer(data.totals.accounts)],
                  [t('report.verifiedShare'), share(data.totals.verified, data.totals.accounts)],
                  [t('report.password'), share(data.totals.password, data.totals.accounts)],
                  [t('report.google'), share(data.totals.google, data.totals.accounts)],
                  [t('report.admins'), fmt.integer(data.totals.admins)],
                  [t('report.deleted'), fmt.integer(data.totals.deleted)],
                ] as const
              ).map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby={`${id}-weeks`}>
            <h2 id={`${id}-weeks`} className={styles.sectionTitle}>
              {t('report.weeks')}
            </h2>
            {data.weeks.length === 0 ? (
              <p>{t('report.empty')}</p>
            ) : (
              <>
                <Chart
                  kind="bars"
                  title={t('report.chart')}
                  tableCaption={t('engagement.tableOf', { chart: t('report.chart') })}
                  xLabel={t('report.columns.week')}
                  labels={data.weeks.map((w) => fmt.date(w.week))}
                  tick={(i) => fmt.shortDate(data.weeks[i]?.week ?? '')}
                  series={[
                    { label: t('report.columns.new'), values: data.weeks.map((w) => w.newAccounts) },
                    { label: t('report.columns.deleted'), values: data.weeks.map((w) => w.deleted) },
                  ]}
                  format={fmt.integer}
                />
                <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={`${id}-weeks`}>
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th scope="col">{t('report.columns.week')}</th>
                        <th scope="col" className={styles.number}>{t('report.columns.new')}</th>
                        <th scope="col" className={styles.number}>{t('report.columns.verified')}</th>
                        <th scope="col" className={styles.number}>{t('report.columns.password')}</th>
                        <th scope="col" className={styles.number}>{t('report.columns.google')}</th>
                        <th scope="col" className={styles.number}>{t('report.columns.deleted')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {[...data.weeks].reverse().map((w) => (
                        <tr key={w.week}>
                          <th scope="row">{fmt.date(w.week)}</th>
                          <td className={styles.number}>{fmt.integer(w.newAccounts)}</td>
                          <td className={styles.number}>{share(w.verified, w.newAccounts)}</td>
                          <td className={styles.number}>{fmt.integer(w.password)}</td>
                          <td className={styles.number}>{fmt.integer(w.google)}</td>
                          <td className={styles.number}>{fmt.integer(w.deleted)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>
        </>
      )}
      <AuditLog />
    </div>
  );
}

function AuditLog() {
  const { t } = useTranslation('admin');
  const fmt = useFormats();
  const id = useId();
  const [offset, setOffset] = useState(0);
  const { data, isError, refetch } = useGetAuditQuery(offset);
  return (
    <section aria-labelledby={`${id}-audit`}>
      <h2 id={`${id}-audit`} className={styles.sectionTitle}>
        {t('report.audit')}
      </h2>
      <p className={styles.intro}>{t('report.auditIntro')}</p>
      {!data && isError && <LoadError message={t('state.error')} retryLabel={t('state.retry')} onRetry={() => void refetch()} />}
      {!data && !isError && <Loading>{t('state.loading')}</Loading>}
      {data && data.results.length === 0 && <p>{t('report.auditEmpty')}</p>}
      {data && data.results.length > 0 && (
        <>
          <ol className={styles.audit} aria-labelledby={`${id}-audit`}>
            {data.results.map((line) => (
              <AuditItem key={line.id} line={line} />
            ))}
          </ol>
          {data.size > AUDIT_PAGE_SIZE && (
            <nav className={styles.pager} aria-label={t('users.pages')}>
              <Button variant="secondary" size="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}>
                {t('users.previous')}
              </Button>
              <p>
                {t('users.range', { from: fmt.integer(offset + 1), to: fmt.integer(offset + data.results.length), total: fmt.integer(data.size) })}
              </p>
              <Button variant="secondary" size="small" disabled={offset + AUDIT_PAGE_SIZE >= data.size} onClick={() => setOffset(offset + AUDIT_PAGE_SIZE)}>
                {t('users.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function AuditItem({ line }: { line: AuditLine }) {
  const { t } = useTranslation('admin');
  const dateTime = useDateTime();
  const deleted = t('report.deletedAccount');
  return (
    <li>
      <time dateTime={line.at}>{dateTime(line.at)}</time>{' '}
      {t('report.line', { actor: line.actor.email || deleted, action: t(`report.action.${line.action}`), target: line.target.email || deleted })}
    </li>
  );
}
