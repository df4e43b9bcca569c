import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { FormAlert, SubmitButton } from '@/shared/ui';
import { useCheckUnsubscribeTokenQuery, useUnsubscribeReminderMutation } from '../api';
import styles from './ReminderSettingsPage.module.css';

/**
 * /daily-reminder-unsubscribe?token=: the link in every reminder. Opening it changes nothing (link
 * scanners open links too) but asks whether the link still works, so a dead one says so at once;
 * the button turns reminders off, signed in or not.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('reminders');
  useDocumentTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe, { isLoading }] = useUnsubscribeReminderMutation();
  const [state, setState] = useState<'ready' | 'done' | 'invalid' | 'failed'>(token ? 'ready' : 'invalid');
  const { error: checkError } = useCheckUnsubscribeTokenQuery(token, { skip: !token });
  const dead = state === 'ready' && checkError !== undefined && toApiError(checkError).status === 404;

  async function confirm() {
    try {
      await unsubscribe(token).unwrap();
      setState('done');
    } catch (caught) {
      setState(toApiError(caught).status === 404 ? 'invalid' : 'failed');
    }
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('unsubscribe.heading')}</h1>
      {state === 'done' ? (
        <p role="status">
          {t('unsubscribe.done')} <LocaleLink to="/settings/reminder">{t('unsubscribe.settings')}</LocaleLink>
        </p>
      ) : state === 'invalid' || dead ? (
        <FormAlert>{t('unsubscribe.invalid')}</FormAlert>
      ) : (
        <>
          <p className={styles.lead}>{t('unsubscribe.lead')}</p>
          {state === 'failed' && <FormAlert>{t('unsubscribe.failed')}</FormAlert>}
          <SubmitButton type="button" busy={isLoading} busyLabel={t('unsubscribe.busy')} onClick={() => void confirm()}>
            {t('unsubscribe.confirm')}
          </SubmitButton>
        </>
      )}
    </div>
  );
}
