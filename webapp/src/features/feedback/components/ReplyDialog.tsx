import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useFormats } from '@/shared/lib/formats';
import { Button, FormAlert, Modal, ModalActions, ModalTitle, SubmitButton, TextAreaField, useFormErrors, useToast } from '@/shared/ui';
import { REPLY_MESSAGE_MAX, useReplyToFeedbackMutation, type FeedbackItem } from '../api';
import styles from './ReplyDialog.module.css';

/** Answers a piece of feedback by email (sent by the server to the address it came with). */
export function ReplyDialog({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const { t } = useTranslation('feedbackAdmin');
  const fmt = useFormats();
  const toast = useToast();
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const [reply, { isLoading: busy }] = useReplyToFeedbackMutation();
  const [message, setMessage] = useState('');
  const form = useFormErrors<'message'>({ message: t('reply.message') });
  const length = message.trim().length;
  const tooLong = length > REPLY_MESSAGE_MAX;
  const lengthError = form.message('message', { code: 'max_length', properties: { maxlength: fmt.integer(REPLY_MESSAGE_MAX) } });
  const inputRef = form.inputRef('message');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    form.clear();
    if (length === 0 || tooLong) {
      form.showFieldErrors({ message: tooLong ? lengthError : t('reply.required') });
      return;
    }
    try {
      await reply({ id: item.id, message: message.trim() }).unwrap();
      toast.success(t('reply.sent', { email: item.email }));
      onClose();
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  const titleId = `${id}-title`;
  return (
    <Modal labelledBy={titleId} onCancel={onClose} initialFocus={textRef}>
      <form onSubmit={onSubmit} noValidate>
        <ModalTitle id={titleId}>{t('reply.title', { email: item.email })}</ModalTitle>
        <blockquote className={styles.quote}>{item.message}</blockquote>
        <TextAreaField
          ref={(element) => {
            textRef.current = element;
            inputRef(element);
          }}
          label={t('reply.message')}
          rows={8}
          value={message}
          error={tooLong ? lengthError : form.errors.message}
          hint={t('reply.count', { n: fmt.integer(length), max: fmt.integer(REPLY_MESSAGE_MAX) })}
          onChange={(event) => {
            setMessage(event.target.value);
            form.clearField('message');
          }}
        />
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('reply.cancel')}
          </Button>
          <SubmitButton busy={busy}>{t('reply.send')}</SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
