import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useReaderToday, useUpdateReaderSettingsMutation } from '@/shared/reader';
import { SubmitButton, useDialogs, useErrorMessages, useToast, type ButtonProps } from '@/shared/ui';
import { useFormats } from '../lib/format';

/**
 * "Start a fresh read-through": after a confirm, moves lookBackDate to today, so progress,
 * unique counts and suggestions start over while the log itself is kept.
 */
export function FreshStartButton({ variant = 'primary', onDone }: { variant?: ButtonProps['variant']; onDone?: () => void }) {
  const { t } = useTranslation('readingLog');
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
      toast.error(messages.request(toApiError(caught)) ?? t('errors.saveFailed'));
    }
  }

  return (
    <SubmitButton type="button" variant={variant} busy={isLoading} onClick={onClick}>
      {t('freshStart.button')}
    </SubmitButton>
  );
}
