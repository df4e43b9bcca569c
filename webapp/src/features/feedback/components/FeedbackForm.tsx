import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError, type ApiErrorDetail } from '@/shared/api';
import { useAuth } from '@/shared/auth';
import { LOCALE_INFO, useLocale } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';
import { Button, Fieldset, FormAlert, SubmitButton, TextAreaField, TextField, formatRetryAfter, useFormErrors } from '@/shared/ui';
import { FEEDBACK_KINDS, FEEDBACK_MESSAGE_MAX, useSendFeedbackMutation, type FeedbackReceipt, type FeedbackKind } from '../api';
import styles from './FeedbackForm.module.css';

type Field = 'kind' | 'message' | 'email';

export interface FeedbackFormProps {
  /** The page the feedback is about (sent along, so a report can be followed up). */
  page: string;
  onSent: (item: FeedbackReceipt) => void;
  /** Told whether anything was typed or chosen, so closing can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Shown before the send button (a dialog's Cancel). */
  secondaryAction?: ReactNode;
}

/**
 * Feedback: what it is about (bug, idea, comment), the message (at most 1,500 characters, counted
 * as typed) and, signed out, an email address for the answer. Signed in, the account's address is
 * used and shown.
 */
export function FeedbackForm({ page, onSent, onDirtyChange, secondaryAction }: FeedbackFormProps) {
  const { t } = useTranslation('feedback');
  const fmt = useFormats();
  const { locale } = useLocale();
  const { status, user } = useAuth();
  const signedIn = status === 'signedIn' && user !== null;
  const id = useId();
  const [send, { isLoading: busy }] = useSendFeedbackMutation();
  const [kind, setKind] = useState<FeedbackKind | null>(null);
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [retryAfter, setRetryAfter] = useState<number | null>(null);

  const form = useFormErrors<Field>(
    { kind: t('form.kind'), message: t('form.message'), email: t('form.email') },
    {
      override: (field: Field, detail: ApiErrorDetail) => {
        if (field === 'kind') return t('form.errors.kind');
        if (field === 'message' && detail.code === 'required') return t('form.errors.messageRequired');
        if (field === 'email' && detail.code === 'required') return t('form.errors.emailRequired');
        if (field === 'email' && detail.code === 'is_invalid') return t('form.errors.emailInvalid');
        return undefined;
      },
    },
  );

  const dirty = kind !== null || message.trim() !== '' || email.trim() !== '';
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const length = message.trim().length;
  const tooLong = length > FEEDBACK_MESSAGE_MAX;
  const lengthError = form.message('message', { code: 'max_length', properties: { maxlength: fmt.integer(FEEDBACK_MESSAGE_MAX) } });
  const messageError = tooLong ? lengthError : form.errors.message;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    form.clear();
    setRetryAfter(null);
    const errors: Partial<Record<Field, string>> = {};
    if (!kind) errors.kind = t('form.errors.kind');
    if (length === 0) errors.message = t('form.errors.messageRequired');
    else if (tooLong) errors.message = lengthError;
    if (!signedIn && email.trim() === '') errors.email = t('form.errors.emailRequired');
    if (Object.keys(errors).length > 0) {
      form.showFieldErrors(errors);
      return;
    }
    try {
      const item = await send({ kind: kind!, message: message.trim(), page, ...(signedIn ? {} : { email: email.trim() }) }).unwrap();
      onSent(item);
    } catch (caught) {
      const error = toApiError(caught);
      if (error.status === 429) setRetryAfter(error.retryAfterSeconds ?? 60);
      else form.showApiError(error);
    }
  }

  const kindErrorId = `${id}-kind-error`;

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      <Fieldset legend={t('form.kind')} aria-describedby={form.errors.kind ? kindErrorId : undefined}>
        <div className={styles.kinds}>
          {FEEDBACK_KINDS.map((option, index) => (
            <label key={option} className={styles.kind}>
              <input
                ref={index === 0 ? form.inputRef('kind') : undefined}
                type="radio"
                name={`${id}-kind`}
                value={option}
                checked={kind === option}
                className={styles.kindInput}
                aria-invalid={form.errors.kind ? true : undefined}
                onChange={() => {
                  setKind(option);
                  form.clearField('kind');
                }}
              />
              <span className={styles.kindText}>
                <span className={styles.kindLabel}>{t(`kinds.${option}.label`)}</span>
                <span className={styles.kindHint}>{t(`kinds.${option}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
        {form.errors.kind && (
          <p id={kindErrorId} className={styles.error}>
            {form.errors.kind}
          </p>
        )}
      </Fieldset>

      <TextAreaField
        ref={form.inputRef('message')}
        label={t('form.message')}
        rows={6}
        value={message}
        error={messageError}
        hint={t('form.count', { n: fmt.integer(length), max: fmt.integer(FEEDBACK_MESSAGE_MAX) })}
        onChange={(event) => {
          setMessage(event.target.value);
          form.clearField('message');
        }}
      />

      {signedIn ? (
        <p className={styles.replyTo}>{t('form.replyTo', { email: user.email })}</p>
      ) : (
        <TextField
          ref={form.inputRef('email')}
          label={t('form.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={form.errors.email}
          hint={t('form.emailHint')}
          onChange={(event) => {
            setEmail(event.target.value);
            form.clearField('email');
          }}
        />
      )}

      {retryAfter !== null && (
        <FormAlert title={t('form.tooMany.title')}>{t('form.tooMany.text', { when: formatRetryAfter(retryAfter, LOCALE_INFO[locale].tag) })}</FormAlert>
      )}
      {form.formError && <FormAlert>{form.formError}</FormAlert>}

      <div className={styles.actions}>
        {secondaryAction}
        <SubmitButton busy={busy} busyLabel={t('form.sending')}>
          {t('form.send')}
        </SubmitButton>
      </div>
    </form>
  );
}

export interface FeedbackSentProps {
  item: FeedbackReceipt;
  /** Clears the form for another message. */
  onAnother: () => void;
  /** More buttons beside "Send more feedback" (a dialog's Close). */
  children?: ReactNode;
  headingId?: string;
}

/** The thanks after sending, with the address the answer goes to and a way to write again. */
export function FeedbackSent({ item, onAnother, children, headingId }: FeedbackSentProps) {
  const { t } = useTranslation('feedback');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus moves to the thanks, which a screen reader then reads.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className={styles.sent}>
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className={styles.sentTitle}>
        {t('sent.title')}
      </h2>
      <p className={styles.sentText}>{item.email ? t('sent.text', { email: item.email }) : t('sent.textNoEmail')}</p>
      <div className={styles.actions}>
        {children}
        <Button variant="secondary" onClick={onAnother}>
          {t('sent.another')}
        </Button>
      </div>
    </div>
  );
}
