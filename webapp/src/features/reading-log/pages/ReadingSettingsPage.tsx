import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useGetReaderSettingsQuery } from '@/shared/reader';
import { FormAlert, SettingsLayout, useErrorMessages } from '@/shared/ui';
import { ReadingSettingsForm } from '../components/ReadingSettingsForm';

/** /settings/reading: daily goal, look-back date, Bible version and app, time zone, rest days, start page. */
export function ReadingSettingsPage() {
  const { t } = useTranslation('readingLog');
  const messages = useErrorMessages();
  useDocumentTitle(t('settings.title'));
  const { data: settings, error, isLoading } = useGetReaderSettingsQuery();
  return (
    <SettingsLayout heading={t('settings.title')} lead={t('settings.lead')} back={t('settings.back')}>
      {isLoading && <p role="status">{t('loading')}</p>}
      {error && <FormAlert>{messages.request(toApiError(error)) ?? t('errors.loadFailed')}</FormAlert>}
      {settings && <ReadingSettingsForm settings={settings} />}
    </SettingsLayout>
  );
}
