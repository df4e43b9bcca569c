import { useTranslation } from 'react-i18next';
import { readableTextColor } from './color';
import type { Tag } from './types';
import styles from './TagChip.module.css';

export interface TagChipProps {
  tag: Pick<Tag, 'label' | 'color'>;
  size?: 'small' | 'medium';
  /** When set, the chip carries a button named "Remove tag {label}" that calls it. */
  onRemove?: () => void;
  className?: string;
}

/** A tag's label on the tag's colour, in black or white, whichever reads better (WCAG AA). */
export function TagChip({ tag, size = 'medium', onRemove, className }: TagChipProps) {
  const { t } = useTranslation();
  const text = readableTextColor(tag.color);
  return (
    <span
      className={[styles.chip, size === 'small' ? styles.small : '', className ?? ''].filter(Boolean).join(' ')}
      style={{ backgroundColor: tag.color, color: text }}
    >
      <span className={styles.label}>{tag.label}</span>
      {onRemove && (
        <button
          type="button"
          className={styles.remove}
          style={{ color: text }}
          aria-label={t('tags.remove', { label: tag.label })}
          onClick={onRemove}
        >
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </span>
  );
}
