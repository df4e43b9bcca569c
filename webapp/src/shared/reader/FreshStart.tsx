import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useFormats } from '@/shared/lib/formats';
import { Button, SubmitButton, useDialogs, useErrorMessages, useToast, type ButtonProps } from '@/shared/ui';
import { useUpdateReaderSettingsMutation } from './api';
import { useReaderToday } from './today';
import styles from './FreshStart.module.css';

/**
 * "Start a fresh read-through": after a confirm, moves lookBackDate to today, so progress,
 * unique counts and suggestions start over while the log itself is kept.
 */
export function FreshStartButton({ variant = 'primary', onDone }: { variant?: ButtonProps['variant']; onDone?: () => void }) {
  const { t } = useTranslation();
  const { today } = useReaderToday();
  const formats = useFormats();
  const { confirm } = useDialogs();
  const toast = useToast();
  const messages = useErrorMessages();
  const [update, { isLoading }] = useUpdateReaderSettingsMutation();

  async function onClick() {
    const ok = await confirm({
      title: t('freshStart.confirmTitle'),
      message: t('freshStart.confirmText', { date: formats.date(today) }),
      confirmText: t('freshStart.confirm'),
    });
    if (!ok) return;
    try {
      await update({ lookBackDate: today }).unwrap();
      toast.success(t('freshStart.done'));
      onDone?.();
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('freshStart.failed'));
    }
  }

  return (
    <SubmitButton type="button" variant={variant} busy={isLoading} onClick={onClick}>
      {t('freshStart.button')}
    </SubmitButton>
  );
}

const DISMISSED_KEY = 'lamplight:fresh-start-dismissed';

function dismissedFor(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * Once the whole Bible is read since the look-back date: says so and offers a fresh read-through,
 * on Books, Checklist and Calendar. Dismissed, it stays away in this browser until the next one.
 */
export function FreshStartCard({ complete, lookBackDate }: { complete: boolean | undefined; lookBackDate: string | undefined }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const [dismissed, setDismissed] = useState(dismissedFor);
  if (!complete || !lookBackDate || dismissed === lookBackDate) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, lookBackDate);
    } catch {
      // storage blocked: dismissed for this page only
    }
    setDismissed(lookBackDate);
  };

  return (
    <section className={styles.card} aria-label={t('freshStart.cardLabel')}>
      <p className={styles.text}>{t('freshStart.allRead', { date: formats.date(lookBackDate) })}</p>
      <div className={styles.actions}>
        <FreshStartButton />
        <Button variant="ghost" onClick={dismiss}>
          {t('freshStart.dismiss')}
        </Button>
      </div>
    </section>
  );
}
