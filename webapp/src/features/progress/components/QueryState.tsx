import { useTranslation } from 'react-i18next';
import { LoadError as SharedLoadError, Loading as SharedLoading } from '@/shared/ui';

/** The placeholder while a page's data loads. */
export function Loading() {
  const { t } = useTranslation('progress');
  return <SharedLoading>{t('state.loading')}</SharedLoading>;
}

/** The message when a page's data could not be loaded, with a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('progress');
  return <SharedLoadError message={t('state.error')} retryLabel={t('state.retry')} onRetry={onRetry} />;
}
