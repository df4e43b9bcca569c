import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE_URL } from '@/shared/api';
import { LOCALES, LOCALE_INFO, LocaleLink, useLocale, type Locale } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { Fieldset, SettingsLayout, SettingsSection, buttonClassName, inputClassName } from '@/shared/ui';
import styles from './ExportPage.module.css';

type LogFormat = 'simple' | 'ids';
type NotesFormat = 'md' | 'csv';

/** A plain link the browser saves as a file; the server names it and sends it signed in by cookie. */
function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className={buttonClassName({ variant: 'primary' })} href={href} download>
      {children}
    </a>
  );
}

function Choice<T extends string>({ legend, name, value, options, onChange }: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <Fieldset legend={legend} className={styles.choice}>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </Fieldset>
  );
}

/** /settings/export: the reader's whole history as files to keep or take elsewhere. */
export function ExportPage() {
  const { t } = useTranslation('export');
  const { locale } = useLocale();
  useDocumentTitle(t('title'));
  const [logFormat, setLogFormat] = useState<LogFormat>('simple');
  const [logLocale, setLogLocale] = useState<Locale>(locale);
  const [notesFormat, setNotesFormat] = useState<NotesFormat>('md');
  const languageId = useId();

  const logHref = `${API_BASE_URL}/export/log.csv?format=${logFormat}&locale=${logLocale}`;
  const notesHref = `${API_BASE_URL}/export/notes.${notesFormat}?locale=${locale}`;

  return (
    <SettingsLayout heading={t('heading')} lead={t('lead')} back={t('back')}>
      <p className={styles.lead}>
        <LocaleLink to="/settings/import">{t('importLink')}</LocaleLink>
      </p>

      <SettingsSection heading={t('archive.heading')}>
        <p>{t('archive.text')}</p>
        <p className={styles.note}>{t('archive.backup')}</p>
        <DownloadLink href={`${API_BASE_URL}/export/archive.json`}>{t('archive.download')}</DownloadLink>
      </SettingsSection>

      <SettingsSection heading={t('log.heading')}>
        <p>{t('log.text')}</p>
        <Choice
          legend={t('log.format')}
          name="log-format"
          value={logFormat}
          onChange={setLogFormat}
          options={[
            { value: 'simple', label: t('log.simple') },
            { value: 'ids', label: t('log.ids') },
          ]}
        />
        <div className={styles.field}>
          <label htmlFor={languageId}>{t('log.language')}</label>
          <select id={languageId} className={inputClassName} value={logLocale} onChange={(event) => setLogLocale(event.target.value as Locale)}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_INFO[code].name}
              </option>
            ))}
          </select>
        </div>
        <DownloadLink href={logHref}>{t('log.download')}</DownloadLink>
      </SettingsSection>

      <SettingsSection heading={t('notes.heading')}>
        <p>{t('notes.text')}</p>
        <Choice
          legend={t('notes.format')}
          name="notes-format"
          value={notesFormat}
          onChange={setNotesFormat}
          options={[
            { value: 'md', label: t('notes.markdown') },
            { value: 'csv', label: t('notes.csv') },
          ]}
        />
        <DownloadLink href={notesHref}>{t('notes.download')}</DownloadLink>
      </SettingsSection>
    </SettingsLayout>
  );
}
