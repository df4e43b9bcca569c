import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, ModalTitle, useDialogs } from '@/shared/ui';
import type { FeedbackReceipt } from '../api';
import { FeedbackForm, FeedbackSent } from './FeedbackForm';
import styles from './FeedbackDialog.module.css';

export interface FeedbackDialogProps {
  /** The page the dialog was opened on. */
  page: string;
  onClose: () => void;
}

/** The feedback form in a dialog; closing a form with something in it asks first. */
export function FeedbackDialog({ page, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation('feedback');
  const { confirm } = useDialogs();
  const id = useId();
  const titleId = `${id}-title`;
  const [sent, setSent] = useState<FeedbackReceipt | null>(null);
  const [round, setRound] = useState(0);
  const dirty = useRef(false);
  const asking = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  async function close() {
    if (asking.current) return;
    if (dirty.current && !sent) {
      asking.current = true;
      const discard = await confirm({
        title: t('discard.title'),
        message: t('discard.message'),
        confirmText: t('discard.confirm'),
        cancelText: t('discard.cancel'),
        danger: true,
      });
      asking.current = false;
      if (!discard) return;
    }
    onClose();
  }

  return (
    <Modal labelledBy={titleId} onCancel={() => void close()} dismissible className={styles.dialog}>
      {!sent && <ModalTitle id={titleId}>{t('dialogTitle')}</ModalTitle>}
      {sent ? (
        <FeedbackSent
          item={sent}
          headingId={titleId}
          onAnother={() => {
            setSent(null);
            setRound((n) => n + 1);
          }}
        >
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
        </FeedbackSent>
      ) : (
        <FeedbackForm
          key={round}
          page={page}
          onSent={setSent}
          onDirtyChange={onDirtyChange}
          secondaryAction={
            <Button variant="secondary" onClick={() => void close()}>
              {t('cancel')}
            </Button>
          }
        />
      )}
      {/* Last in the tab order, so the dialog opens on the form; drawn in the top corner. */}
      <button type="button" className={styles.close} aria-label={t('closeDialog')} onClick={() => void close()}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </Modal>
  );
}
