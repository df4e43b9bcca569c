import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { composeNotePath } from '@/shared/lib/noteLinks';
import { rememberOpened, useAddLogEntryMutation, useBibleLinks, useReaderToday } from '@/shared/reader';
import { SubmitButton, useActionLabel, useErrorMessages, useToast } from '@/shared/ui';
import { usePlanFormats } from '../lib/format';
import styles from './PassageRow.module.css';

export interface PassageRowProps {
  range: { startVerseId: number; endVerseId: number };
  done: boolean;
  /** Called just before the passage is logged (a day it may complete is watched). */
  onLogging?(): void;
}

/** A plan's passage: read or not, with Open (the reader's Bible app), Log (today, one tap) and Note. */
export function PassageRow({ range, done, onLogging }: PassageRowProps) {
  const { t } = useTranslation('plans');
  const actionLabel = useActionLabel();
  const formats = usePlanFormats();
  const links = useBibleLinks();
  const toast = useToast();
  const messages = useErrorMessages();
  const { today } = useReaderToday();
  const [add, { isLoading }] = useAddLogEntryMutation();
  const passage = formats.passage(range);

  async function onLog() {
    onLogging?.();
    try {
      await add({ date: today, startVerseId: range.startVerseId, endVerseId: range.endVerseId }).unwrap();
      toast.success(t('passage.logged', { passage }));
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('passage.logFailed'));
    }
  }

  return (
    <li className={done ? `${styles.row} ${styles.done}` : styles.row}>
      <span className={styles.passage}>
        <span className={styles.mark} aria-hidden="true">
          {done ? '✓' : '○'}
        </span>
        <span>{passage}</span>
        <span className="visually-hidden">{done ? t('passage.read') : t('passage.unread')}</span>
      </span>
      <span className={styles.actions}>
        <a
          className={styles.link}
          href={links.href(range)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={actionLabel(t('passage.open'), t('passage.openContext', { passage, app: links.appName }))}
          onClick={() => rememberOpened(range)}
        >
          {t('passage.open')}
          <span aria-hidden="true"> ↗</span>
        </a>
        <LocaleLink className={styles.link} to={composeNotePath([range])} aria-label={actionLabel(t('passage.note'), passage)}>
          {t('passage.note')}
        </LocaleLink>
        {!done && (
          <SubmitButton type="button" size="small" busy={isLoading} aria-label={actionLabel(t('passage.log'), passage)} onClick={() => void onLog()}>
            {t('passage.log')}
          </SubmitButton>
        )}
      </span>
    </li>
  );
}
