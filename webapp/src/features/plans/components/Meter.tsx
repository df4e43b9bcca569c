import styles from './Meter.module.css';

export interface MeterProps {
  label: string;
  /** What the bar says in words ("12 of 365 days"), shown beside the label and read out. */
  valueText: string;
  value: number;
  max: number;
  tone?: 'progress' | 'coverage';
}

/** A labelled bar for a share of a plan (days done, passages read). */
export function Meter({ label, valueText, value, max, tone = 'progress' }: MeterProps) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div className={styles.meter}>
      <div className={styles.text} aria-hidden="true">
        <span>{label}</span>
        <span className={styles.value}>{valueText}</span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
      >
        <div className={`${styles.fill} ${styles[tone]}`} style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
