import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/shared/lib/formats';
import type { Insights } from '@/shared/readmodels';
import { trendSeries } from '../model/insights';
import styles from './charts.module.css';

const W = 600;
const H = 160;
const PAD = 4;

/** Verses per day over 7 to 365 days as bars, with the daily goal as a dashed line. */
export function Trend({ data }: { data: Insights }) {
  const { t } = useTranslation('insights');
  const formats = useFormats();
  const [days, setDays] = useState(30);
  const points = trendSeries(data.heatmap.start, data.heatmap.verses, days);
  const goal = data.dailyVerseCountGoal;
  const top = Math.max(goal * 1.25, ...points.map((p) => p.value), 1);
  const y = (v: number) => H - PAD - (v / top) * (H - 2 * PAD);
  const bw = (W - 2 * PAD) / Math.max(points.length, 1);
  const summary = data.trend.find((x) => x.days === days);

  return (
    <div>
      <label className={styles.field}>
        {t('trend.period')}
        <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {data.trend.map((x) => (
            <option key={x.days} value={x.days}>
              {t('trend.days', { count: x.days })}
            </option>
          ))}
        </select>
      </label>
      <p>{t('trend.average', { average: formats.decimal(summary?.average ?? 0), days, goal: formats.integer(goal) })}</p>
      <svg className={styles.trend} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={t('trend.label', { days })}>
        {points.map((p, i) => (
          <rect key={p.date} x={PAD + i * bw + bw * 0.1} y={y(p.value)} width={bw * 0.8} height={H - PAD - y(p.value)} className={styles.trendBar}>
            <title>{`${formats.date(p.date)}: ${formats.decimal(p.value)}`}</title>
          </rect>
        ))}
        <line x1={PAD} x2={W - PAD} y1={y(goal)} y2={y(goal)} className={styles.goalLine} />
      </svg>
      <p className={styles.legend}>
        <span className={styles.goalSwatch} aria-hidden="true" /> {t('trend.goal')}: {formats.integer(goal)}
      </p>
      <details className={styles.details}>
        <summary>{t('showTable')}</summary>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{t('trend.label', { days })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trend.date')}</th>
              <th scope="col" className={styles.number}>{t('trend.value')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{formats.date(p.date)}</th>
                <td className={styles.number}>{formats.decimal(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
