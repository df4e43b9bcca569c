import { useId } from 'react';
import styles from './admin.module.css';

export interface Series {
  label: string;
  values: number[];
}

export interface ChartProps {
  title: string;
  /** The caption of the table that carries the same figures for screen readers. */
  tableCaption: string;
  /** The x axis's column heading and its labels, one per value. */
  xLabel: string;
  labels: string[];
  /** The date axis's label of a value: short ("Nov 22"), as only a few are shown. */
  tick: (index: number) => string;
  series: Series[];
  format: (value: number) => string;
  kind?: 'lines' | 'bars';
}

const WIDTH = 640;
const HEIGHT = 180;
const PAD = 4;
/** At most this many dates on the axis, each at most a fifth of its width, so they never overlap. */
const TICKS = 4;

/** The indexes of the values the axis names: the first, the last and evenly between. */
export function tickIndexes(n: number): number[] {
  if (n <= 0) return [];
  const count = Math.min(TICKS, n);
  if (count === 1) return [0];
  return [...new Set(Array.from({ length: count }, (_, k) => Math.round((k * (n - 1)) / (count - 1))))];
}

/**
 * A small chart drawn for the eye (hidden from assistive technology), with a table of the same
 * figures beside it for screen readers, and a legend naming each series.
 */
export function Chart({ title, tableCaption, xLabel, labels, tick, series, format, kind = 'lines' }: ChartProps) {
  const id = useId();
  const top = Math.max(0, ...series.flatMap((s) => s.values));
  const max = Math.max(1, top);
  const n = Math.max(1, labels.length);
  const x = (i: number) => PAD + (n === 1 ? (WIDTH - 2 * PAD) / 2 : (i * (WIDTH - 2 * PAD)) / (n - 1));
  const y = (v: number) => HEIGHT - PAD - (v / max) * (HEIGHT - 2 * PAD);
  const barWidth = Math.max(1, (WIDTH - 2 * PAD) / n / Math.max(1, series.length) - 1);
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.chartTitle}>
        {title}
        <span className={styles.max} aria-hidden="true">
          {format(top)}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className={styles.svg} aria-hidden="true" focusable="false">
        <line x1={0} x2={WIDTH} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className={styles.axis} />
        {series.map((s, k) =>
          kind === 'bars' ? (
            <g key={s.label} className={styles[`series${k}`]}>
              {s.values.map((v, i) => (
                <rect key={i} x={PAD + (i * (WIDTH - 2 * PAD)) / n + k * (barWidth + 1)} y={y(v)} width={barWidth} height={HEIGHT - PAD - y(v)} />
              ))}
            </g>
          ) : (
            <polyline
              key={s.label}
              className={`${styles.line} ${styles[`series${k}`]}`}
              points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
              vectorEffect="non-scaling-stroke"
            />
          ),
        )}
      </svg>
      <div className={styles.ticks} aria-hidden="true">
        {tickIndexes(labels.length).map((i) => {
          // Where the value is drawn, as a share of the width.
          const at = kind === 'bars' ? (i + 0.5) / n : n === 1 ? 0.5 : i / (n - 1);
          const edge = i === 0 && n > 1 ? styles.tickFirst : i === n - 1 && n > 1 ? styles.tickLast : '';
          return (
            <span key={i} className={`${styles.tick} ${edge}`} style={edge ? undefined : { left: `${at * 100}%` }}>
              {tick(i)}
            </span>
          );
        })}
      </div>
      <ul className={styles.legend} aria-hidden="true">
        {series.map((s, k) => (
          <li key={s.label}>
            <span className={`${styles.swatch} ${styles[`series${k}`]}`} />
            {s.label}
          </li>
        ))}
      </ul>
      {/* A table ignores a 1px width: its wrapper is what is hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>{tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
