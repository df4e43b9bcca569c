import { useTranslation } from 'react-i18next';
import type { ReaderSettings } from '@/shared/reader';
import { FormAlert, SubmitButton } from '@/shared/ui';
import { BibleLinkFields, GoalFields, StartPageField, TimeFields } from './ReadingSettingsFields';
import { useReadingSettingsForm } from './useReadingSettingsForm';
import styles from './ReadingSettingsForm.module.css';

/** The reading settings, saved together: goal and look-back date, Bible links, time, start page. */
export function ReadingSettingsForm({ settings }: { settings: ReaderSettings }) {
  const { t } = useTranslation('readingLog');
  const { state, busy, onSubmit } = useReadingSettingsForm(settings);
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {state.form.formError && <FormAlert>{state.form.formError}</FormAlert>}
      <GoalFields state={state} />
      <BibleLinkFields state={state} />
      <TimeFields state={state} />
      <StartPageField state={state} />
      <div className={styles.actions}>
        <SubmitButton busy={busy} busyLabel={t('settings.saving')}>
          {t('settings.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
