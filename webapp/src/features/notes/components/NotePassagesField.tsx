import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { PassagePicker } from '@/shared/passage-picker';
import { TextField } from '@/shared/ui';
import { appendPassage, formatSpan, parseMany } from '../model/passages';
import styles from './NoteEditor.module.css';

export interface NotePassagesFieldProps {
  value: string;
  error: string | undefined;
  inputRef: (element: HTMLElement | null) => void;
  onChange(value: string): void;
}

/** A note's passages: typed (several, separated by semicolons) with a preview, or picked. */
export function NotePassagesField({ value, error, inputRef, onChange }: NotePassagesFieldProps) {
  const { t } = useTranslation('notes');
  const { locale } = useLocale();
  const bibleLocale = locale as Locale;
  const id = useId();
  const [pickerOpen, setPickerOpen] = useState(false);
  const parsed = parseMany(value, bibleLocale);
  return (
    <>
      <TextField
        ref={inputRef}
        label={t('editor.passages')}
        value={value}
        autoComplete="off"
        spellCheck={false}
        hint={t('editor.passagesHint')}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
      {parsed.ok && parsed.ranges.length > 0 && (
        <ul className={styles.preview} aria-label={t('list.passages')}>
          {parsed.ranges.map((range, i) => (
            <li key={i}>{formatSpan(range, bibleLocale)}</li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={styles.pickerToggle}
        aria-expanded={pickerOpen}
        aria-controls={`${id}-picker`}
        onClick={() => setPickerOpen((open) => !open)}
      >
        <span aria-hidden="true">{pickerOpen ? '▾ ' : '▸ '}</span>
        {t('editor.pickerToggle')}
      </button>
      <div id={`${id}-picker`} hidden={!pickerOpen}>
        {pickerOpen && (
          <PassagePicker
            pickedMessage={(passage) => t('editor.picked', { passage })}
            onPick={(range) => onChange(appendPassage(value, formatSpan(range, bibleLocale)))}
          />
        )}
      </div>
    </>
  );
}
