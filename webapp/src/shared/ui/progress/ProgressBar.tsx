import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  active: boolean;
  label: string;
  /**
   * Drawn in the flow above the content that is loading, and kept in view under the navigation
   * bar while that content scrolls, instead of pinned to the top of the viewport.
   */
  inline?: boolean;
}

/** A thin indeterminate loading bar, by default pinned to the top of the viewport. */
// It fades in after a short delay (in CSS), so instant loads do not flicker.
export function ProgressBar({ active, label, inline = false }: ProgressBarProps) {
  if (!active) return null;
  return (
    <div className={inline ? `${styles.track} ${styles.inline}` : styles.track} role="progressbar" aria-label={label} aria-busy="true">
      <div className={styles.bar} />
    </div>
  );
}
