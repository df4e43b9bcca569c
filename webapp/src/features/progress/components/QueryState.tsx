import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui';
import styles from './QueryState.module.css';

/** The placeholder while a page's data loads. */
export function Loading() {
  const { t } = useTranslation('progress');
  return (
    <p className={styles.loading} role="status">
      {t('state.loading')}
    </p>
  );
}

/** The message when a page's data could not be loaded, with a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('progress');
  return (
    <div className={styles.error} role="alert">
      <p>{t('state.error')}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {t('state.retry')}
      </Button>
    </div>
  );
}
