import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loadNamespaces, useLocale } from '@/shared/i18n';
import { withChunkReload } from '@/shared/lib/chunkReload';
import { useErrorMessages, useToast } from '@/shared/ui';
import type { FeedbackDialogProps } from './components/FeedbackDialog';
import styles from './FeedbackButton.module.css';

const loadDialog = withChunkReload(() => import('./components/FeedbackDialog'));

/**
 * "Feedback", on every screen of a signed-in reader: opens the feedback form in a dialog about
 * the page it was pressed on. The dialog and its texts load on the first press. It keeps a row of
 * its own after the page, and floats in the corner only on screens wide enough to leave it a margin
 * beside the content (never on the admin pages, whose tables are wider).
 */
export function FeedbackButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { locale, path } = useLocale();
  const toast = useToast();
  const messages = useErrorMessages();
  const [Dialog, setDialog] = useState<ComponentType<FeedbackDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  // The feedback page has the form already.
  if (path === '/feedback') return null;

  async function openDialog() {
    if (loading) return;
    if (!Dialog) {
      setLoading(true);
      try {
        const [module] = await Promise.all([loadDialog(), loadNamespaces(locale, ['feedback'])]);
        setDialog(() => module.FeedbackDialog);
      } catch {
        toast.error(messages.request({ status: 'network', code: 'network_error', details: [] }) ?? '');
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  }

  return (
    <>
      <div className={path.startsWith('/admin/') ? `${styles.dock} ${styles.inFlow}` : styles.dock}>
        <button type="button" className={styles.button} aria-haspopup="dialog" aria-busy={loading || undefined} onClick={() => void openDialog()}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
          </svg>
          {t('feedbackButton')}
        </button>
      </div>
      {open && Dialog && <Dialog page={pathname} onClose={() => setOpen(false)} />}
    </>
  );
}
