import styles from './Logo.module.css';

/** The Lamplight mark: a clay oil lamp with a lit flame. Decorative; label the link around it. */
export function Logo({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path className={styles.flame} d="M51 9c5.6 7.4 8.4 12.8 5.5 18.6-1.7 3.3-6.2 4-9 1.5-3.8-3.5-2.6-10.8 3.5-20.1Z" />
      <path className={styles.glow} d="M51.6 19.5c2.3 3.4 3 5.8 1.8 8.1-.8 1.5-2.7 1.7-3.7.5-1.4-1.8-.9-4.8 1.9-8.6Z" />
      <path
        className={styles.clay}
        d="M6 41c0-6.4 9.6-9.6 21-9.6 7.3 0 12.8 1.4 16.6 3.1l8.6-1.4c2.8-.4 4 2.7 1.7 4.3l-7.4 5C43 47.8 35.8 51 27 51 15.4 51 6 47.2 6 41Z"
      />
      <ellipse className={styles.opening} cx="25" cy="35.2" rx="6.5" ry="1.8" />
      <path className={styles.foot} d="M17 51.5h18l-2 3.5H19Z" />
    </svg>
  );
}
