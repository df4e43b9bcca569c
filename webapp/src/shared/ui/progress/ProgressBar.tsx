import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  active: boolean;
  label: string;
}

/** A thin indeterminate loading bar pinned to the top of the viewport. */
// It fades in after a short delay (in CSS), so instant loads do not flicker.
export function ProgressBar({ active, label }: ProgressBarProps) {
  if (!active) return null;
  return (
    <div className={styles.track} role="progressbar" aria-label={label} aria-busy="true">
      <div className={styles.bar} />
    </div>
  );
}
