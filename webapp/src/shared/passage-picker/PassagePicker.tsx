import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bookById,
  bookName,
  books,
  format,
  newVerseId,
  versesInChapter,
  wholeBook,
  wholeChapter,
  wholeChapters,
  type Locale,
  type VerseRange,
} from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import styles from './PassagePicker.module.css';

type Mode = 'chapter' | 'chapters' | 'verses';

type Step = { kind: 'book' } | { kind: 'chapter'; book: number } | { kind: 'verse'; book: number; chapter: number };

export interface PassagePickerProps {
  /** Called with the chosen passage; the form using the picker adds it to its list. */
  onPick(range: VerseRange): void;
  /** What the status line announces after a pick, e.g. "Added Genesis 1. Press Log to save." */
  pickedMessage(passage: string): string;
}

/**
 * Book -> chapter(s) -> verse(s) for readers who prefer tapping: one tap on a chapter picks it
 * whole; a range of chapters or verses is two taps, first and last.
 */
export function PassagePicker({ onPick, pickedMessage }: PassagePickerProps) {
  const { t } = useTranslation('passagePicker');
  const { locale } = useLocale();
  const bibleLocale = locale as Locale;
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: 'book' });
  const [mode, setMode] = useState<Mode>('chapter');
  const [start, setStart] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After moving between steps, put focus on the new step's heading so the place is announced.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [step]);

  const go = (next: Step) => {
    moved.current = true;
    setStart(null);
    setStep(next);
  };

  const pick = (range: VerseRange | undefined) => {
    if (!range) return;
    onPick(range);
    setStart(null);
    setStatus(pickedMessage(format(range, bibleLocale)));
  };

  if (step.kind === 'book') {
    const groups = [
      { key: 'ot', label: t('oldTestament'), list: books().filter((b) => !b.newTestament) },
      { key: 'nt', label: t('newTestament'), list: books().filter((b) => b.newTestament) },
    ];
    return (
      <div className={styles.picker}>
        <h3 ref={headingRef} tabIndex={-1} className={styles.heading}>
          {t('chooseBook')}
        </h3>
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} className={styles.group}>
            <h4 id={`${id}-${group.key}`} className={styles.groupHeading}>
              {group.label}
            </h4>
            <ul className={styles.books}>
              {group.list.map((b) => (
                <li key={b.id}>
                  <button type="button" className={styles.book} onClick={() => go({ kind: 'chapter', book: b.id })}>
                    {bookName(b.id, bibleLocale)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    );
  }

  const book = bookById(step.book)!;
  const name = bookName(book.id, bibleLocale);

  if (step.kind === 'chapter') {
    const onChapter = (chapter: number) => {
      if (mode === 'verses') {
        go({ kind: 'verse', book: book.id, chapter });
      } else if (mode === 'chapter') {
        pick(wholeChapter(book.id, chapter));
      } else if (start === null) {
        setStart(chapter);
        setStatus(t('chapterStart', { chapter }));
      } else {
        pick(wholeChapters(book.id, Math.min(start, chapter), Math.max(start, chapter)));
      }
    };
    return (
      <div className={styles.picker}>
        <div className={styles.bar}>
          <Button variant="ghost" size="small" onClick={() => go({ kind: 'book' })}>
            <span aria-hidden="true">‹ </span>
            {t('backToBooks')}
          </Button>
          <Button variant="secondary" size="small" onClick={() => pick(wholeBook(book.id))}>
            {t('wholeBook', { book: name })}
          </Button>
        </div>
        <h3 ref={headingRef} tabIndex={-1} className={styles.heading}>
          {name}
        </h3>
        <fieldset className={styles.modes}>
          <legend className={styles.modesLegend}>{t('modeLegend')}</legend>
          {(['chapter', 'chapters', 'verses'] as const).map((m) => (
            <label key={m} className={styles.mode}>
              <input
                type="radio"
                name={`${id}-mode`}
                value={m}
                checked={mode === m}
                onChange={() => {
                  setMode(m);
                  setStart(null);
                  setStatus('');
                }}
              />
              <span>{t(`mode.${m}`)}</span>
            </label>
          ))}
        </fieldset>
        <Numbers
          label={t('chapters', { book: name })}
          count={book.chapterCount}
          buttonLabel={(chapter) => t('chapterButton', { chapter })}
          pressed={(chapter) => (mode === 'chapters' ? start === chapter : undefined)}
          onPick={onChapter}
          status={status}
        />
      </div>
    );
  }

  const verses = versesInChapter(book.id, step.chapter);
  const onVerse = (verse: number) => {
    if (start === null) {
      setStart(verse);
      setStatus(t('verseStart', { verse }));
      return;
    }
    const [a, b] = [Math.min(start, verse), Math.max(start, verse)];
    pick({ startVerseId: newVerseId(book.id, step.chapter, a), endVerseId: newVerseId(book.id, step.chapter, b) });
  };
  const chapterName = format(wholeChapter(book.id, step.chapter)!, bibleLocale);
  return (
    <div className={styles.picker}>
      <div className={styles.bar}>
        <Button variant="ghost" size="small" onClick={() => go({ kind: 'chapter', book: book.id })}>
          <span aria-hidden="true">‹ </span>
          {t('backToChapters', { book: name })}
        </Button>
        <Button variant="secondary" size="small" onClick={() => pick(wholeChapter(book.id, step.chapter))}>
          {t('wholeChapter', { chapter: chapterName })}
        </Button>
      </div>
      <h3 ref={headingRef} tabIndex={-1} className={styles.heading}>
        {chapterName}
      </h3>
      <p className={styles.help}>{t('verseHelp')}</p>
      <Numbers
        label={t('verses', { chapter: chapterName })}
        count={verses}
        buttonLabel={(verse) => t('verseButton', { verse })}
        pressed={(verse) => start === verse}
        onPick={onVerse}
        status={status}
      />
    </div>
  );
}

/** Chapter or verse numbers 1…count as buttons, and the status line that follows the picking. */
function Numbers({
  label,
  count,
  buttonLabel,
  pressed,
  onPick,
  status,
}: {
  label: string;
  count: number;
  buttonLabel(n: number): string;
  pressed(n: number): boolean | undefined;
  onPick(n: number): void;
  status: string;
}) {
  return (
    <>
      <ul className={styles.numbers} aria-label={label}>
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <button type="button" className={styles.number} aria-label={buttonLabel(n)} aria-pressed={pressed(n)} onClick={() => onPick(n)}>
              {n}
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.status} role="status">
        {status}
      </p>
    </>
  );
}
