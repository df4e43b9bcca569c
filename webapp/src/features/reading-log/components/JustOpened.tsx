import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { format, type Locale } from '@/shared/bible';
import { LocaleLink } from '@/shared/i18n';
import { composeNotePath } from '@/shared/lib/noteLinks';
import { clearOpened, useReaderToday, type Opening } from '@/shared/reader';
import { Button, buttonClassName } from '@/shared/ui';
import { useFormats } from '../lib/format';
import { EditEntryDialog } from './EditEntryDialog';
import { LogFollowUpProvider } from './LogFollowUp';
import styles from './JustOpened.module.css';

/**
 * "You opened John 3 to read": shown once the reader is back from their Bible app, with Log
 * reading (the editor pre-filled with the passage and today), Take a note and Dismiss. The text is
 * announced as a status, so a screen reader hears the offer without focus being moved.
 */
function JustOpenedCard({ opening }: { opening: Opening }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const { today } = useReaderToday();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const passage = format(opening, formats.locale as Locale);
  const done = () => clearOpened(opening.id);
  const logRef = useRef<HTMLButtonElement>(null);

  // Escape anywhere in the card dismisses it.
  useEffect(() => {
    const node = logRef.current?.closest('section');
    if (!node) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !editing) clearOpened(opening.id);
    };
    node.addEventListener('keydown', onKey);
    return () => node.removeEventListener('keydown', onKey);
  }, [editing, opening.id]);

  return (
    <section className={styles.card} aria-labelledby={`${id}-text`}>
      <p id={`${id}-text`} className={styles.text} role="status">
        {t('justOpened.text', { passage })}
      </p>
      <div className={styles.actions}>
        <Button ref={logRef} size="small" onClick={() => setEditing(true)}>
          {t('justOpened.log')}
        </Button>
        <LocaleLink className={buttonClassName({ variant: 'secondary', size: 'small' })} to={composeNotePath([opening])} onClick={done}>
          {t('justOpened.note')}
        </LocaleLink>
        <Button variant="ghost" size="small" onClick={done}>
          {t('justOpened.dismiss')}
        </Button>
      </div>
      {editing && (
        <EditEntryDialog
          entry={{ date: today, startVerseId: opening.startVerseId, endVerseId: opening.endVerseId }}
          onClose={() => setEditing(false)}
          // Cancelling keeps the offer; saving answers it.
          onSaved={done}
        />
      )}
    </section>
  );
}

/** The app shell shows this (loaded on demand) while an opening waits to be logged. */
export function JustOpened({ opening }: { opening: Opening }) {
  return (
    <LogFollowUpProvider>
      <JustOpenedCard key={opening.id} opening={opening} />
    </LogFollowUpProvider>
  );
}
