import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui';
import { pagination } from '../model/query';
import { useNoteFormats } from '../useNoteFormats';
import styles from './Pager.module.css';

export interface PagerProps {
  offset: number;
  limit: number;
  size: number;
  /** Shown on the page that is loading (its number shows at once). */
  busy: boolean;
  onPage(page: number): void;
}

/** "Page 2 of 3" with Previous and Next. */
export function Pager({ offset, limit, size, busy, onPage }: PagerProps) {
  const { t } = useTranslation('notes');
  const formats = useNoteFormats();
  const { page, totalPages, hasPrevious, hasNext } = pagination(offset, limit, size);
  const from = Math.min(size, offset + 1);
  const to = Math.min(size, offset + limit);
  return (
    <nav className={styles.pager} aria-label={t('pages.label')} aria-busy={busy || undefined}>
      <Button variant="secondary" size="small" disabled={!hasPrevious} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">← </span>
        {t('pages.previous')}
      </Button>
      <p className={styles.status}>
        <span className={styles.page}>
          {t('pages.pageOf', { page: formats.integer(page), total: formats.integer(Math.max(totalPages, 1)) })}
        </span>
        <span className={styles.range}>
          {t('pages.range', { from: formats.integer(from), to: formats.integer(to), total: formats.integer(size) })}
        </span>
      </p>
      <Button variant="secondary" size="small" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('pages.next')}
        <span aria-hidden="true"> →</span>
      </Button>
    </nav>
  );
}
