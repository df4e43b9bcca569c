import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_INFO, useLocale } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/lib/useMediaQuery';
import type { Insights } from '@/shared/readmodels';
import { heatWeeks, type HeatWeeks } from '../model/insights';
import styles from './charts.module.css';

const CELL = 12;
const GAP = 3;
const TOP = 16;
const LEFT = 28;

function Grid({ layout, selected, onSelect }: { layout: HeatWeeks; selected: number; onSelect: (date: string) => void }) {
  const { t } = useTranslation('insights');
  const formats = useFormats();
  const { locale } = useLocale();
  const monthName = new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { month: 'short', timeZone: 'UTC' });
  const weekdays = t('activity.weekdays').split(',');
  const width = LEFT + layout.weeks * (CELL + GAP);
  const height = TOP + 7 * (CELL + GAP);
  // Keys move from the chosen day, or from this grid's last day when the day is in the other half.
  const index = selected >= 0 ? selected : layout.days.length - 1;
  const current = layout.days[selected];
  const first = layout.days[0];
  const last = layout.days[layout.days.length - 1];
  const label = first && last ? t('activity.label', { from: formats.date(first.date), to: formats.date(last.date) }) : '';

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowLeft: -7, ArrowRight: 7, ArrowUp: -1, ArrowDown: 1, Home: -index, End: layout.days.length - 1 - index };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = layout.days[Math.min(Math.max(index + move, 0), layout.days.length - 1)];
    if (next) onSelect(next.date);
  }

  return (
    <svg
      className={styles.heatmap}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      role="img"
      aria-label={`${label}. ${t('activity.keyboard')}${current ? ` ${t('activity.day', { date: formats.date(current.date), count: current.verses })}` : ''}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      {layout.months.map((m) => (
        <text key={m.date} x={LEFT + m.week * (CELL + GAP)} y={11} className={styles.axis}>
          {monthName.format(new Date(`${m.date}T00:00:00Z`))}
        </text>
      ))}
      {[0, 2, 4].map((d) => (
        <text key={d} x={0} y={TOP + d * (CELL + GAP) + CELL - 2} className={styles.axis}>
          {weekdays[d]}
        </text>
      ))}
      {layout.days.map((day, i) => (
        <rect
          key={day.date}
          x={LEFT + day.week * (CELL + GAP)}
          y={TOP + day.weekday * (CELL + GAP)}
          width={CELL}
          height={CELL}
          rx={2}
          className={`${styles[`heat${day.level}`]} ${i === selected ? styles.selected : ''}`}
          onMouseEnter={() => onSelect(day.date)}
        >
          <title>{t('activity.day', { date: formats.date(day.date), count: day.verses })}</title>
        </rect>
      ))}
    </svg>
  );
}

/** A year of reading days, weeks as columns; two stacked half-years on phones. */
export function Heatmap({ data }: { data: Insights }) {
  const { t } = useTranslation('insights');
  const formats = useFormats();
  const phone = useMediaQuery(MOBILE_QUERY);
  const statusId = useId();
  const { start, verses, levels } = data.heatmap;
  const [selected, setSelected] = useState(data.today);
  const halves = phone ? [heatWeeks(start, verses, levels, 0, 27), heatWeeks(start, verses, levels, 27)] : [heatWeeks(start, verses, levels)];
  const chosen = halves.flatMap((h) => h.days).find((d) => d.date === selected);

  return (
    <div>
      {halves.map((layout, n) => (
        <div key={n} className={styles.scroller}>
          <Grid layout={layout} selected={layout.days.findIndex((d) => d.date === selected)} onSelect={setSelected} />
        </div>
      ))}
      <p id={statusId} className={styles.status} aria-live="polite">
        {chosen ? t('activity.day', { date: formats.date(chosen.date), count: chosen.verses }) : '\u00a0'}
      </p>
      <div className={styles.legend} aria-label={t('activity.legend')} role="group">
        <span>{t('activity.less')}</span>
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`${styles.swatch} ${styles[`heat${level}`]}`} title={t(`activity.level${level}` as 'activity.level0')}>
            <span className={styles.visuallyHidden}>{t(`activity.level${level}` as 'activity.level0')}</span>
          </span>
        ))}
        <span>{t('activity.more')}</span>
      </div>
      <MonthTable data={data} />
    </div>
  );
}

/** The heatmap as text: reading days and verses per month. */
function MonthTable({ data }: { data: Insights }) {
  const { t } = useTranslation('insights');
  const formats = useFormats();
  const { locale } = useLocale();
  const months = new Map<string, { days: number; verses: number }>();
  heatWeeks(data.heatmap.start, data.heatmap.verses, data.heatmap.levels).days.forEach((d) => {
    const key = d.date.slice(0, 7);
    const m = months.get(key) ?? { days: 0, verses: 0 };
    if (d.verses > 0) m.days += 1;
    m.verses += d.verses;
    months.set(key, m);
  });
  const monthName = new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <details className={styles.details}>
      <summary>{t('showTable')}</summary>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{t('activity.heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('activity.month')}</th>
            <th scope="col" className={styles.number}>{t('activity.readingDays')}</th>
            <th scope="col" className={styles.number}>{t('activity.verses')}</th>
          </tr>
        </thead>
        <tbody>
          {[...months].map(([key, m]) => (
            <tr key={key}>
              <th scope="row">{monthName.format(new Date(`${key}-01T00:00:00Z`))}</th>
              <td className={styles.number}>{formats.integer(m.days)}</td>
              <td className={styles.number}>{formats.integer(m.verses)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
