import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import type { FeedbackReceipt } from '../api';
import { FeedbackForm, FeedbackSent } from '../components/FeedbackForm';
import styles from './FeedbackPage.module.css';

/** /feedback: a bug, an idea or a comment, from anyone. */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  useDocumentTitle(t('title'));
  const { pathname } = useLocation();
  const [sent, setSent] = useState<FeedbackReceipt | null>(null);
  // A new key gives an empty form after "Send more feedback".
  const [round, setRound] = useState(0);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>
      <div className={styles.card}>
        {sent ? (
          <FeedbackSent
            item={sent}
            onAnother={() => {
              setSent(null);
              setRound((n) => n + 1);
            }}
          />
        ) : (
          <FeedbackForm key={round} page={pathname} onSent={setSent} />
        )}
      </div>
    </div>
  );
}
