import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { bookName, TOTAL_VERSES, type Locale } from '@/shared/bible';
import { FreshStartButton, useGetReaderSettingsQuery } from '@/shared/reader';
import { Button, Modal, useDialogs } from '@/shared/ui';
import { readModelsApi, type ProgressOverview } from '@/shared/readmodels';
import { useFormats } from '../lib/format';
import styles from './LogFollowUp.module.css';

/** What was finished by a save: books newly complete, and whether the whole Bible now is. */
export interface Finished {
  books: number[];
  bible: boolean;
}

/** Compares progress before and after a save. */
export function finishedBetween(before: ProgressOverview, after: ProgressOverview): Finished {
  const wasComplete = new Set(before.books.filter((book) => book.complete).map((book) => book.book));
  return {
    books: after.books.filter((book) => book.complete && !wasComplete.has(book.book)).map((book) => book.book),
    bible: after.bible.complete && !before.bible.complete,
  };
}

export interface LogFollowUp {
  /** Progress as last loaded: take it just before a write, to compare after. */
  snapshot(): ProgressOverview | undefined;
  /**
   * After a successful write of entries on `dates`: warns when a date lies before lookBackDate
   * (it will not count toward progress), then celebrates a finished book or the whole Bible.
   */
  afterSave(dates: string[], before: ProgressOverview | undefined): Promise<void>;
}

const FollowUpContext = createContext<LogFollowUp | null>(null);

type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

function Celebration({ finished, onClose }: { finished: Finished; onClose: () => void }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const { locale } = formats;
  const id = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const names = finished.books.map((book) => bookName(book, locale as Locale));
  const list = new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-text`} onCancel={onClose} initialFocus={closeRef} className={styles.dialog}>
      <div className={styles.burst} aria-hidden="true">
        <svg viewBox="0 0 64 64" width="64" height="64">
          <circle cx="32" cy="32" r="14" fill="var(--color-flame)" />
          {Array.from({ length: 12 }, (_, i) => (
            <line
              key={i}
              x1="32"
              y1="6"
              x2="32"
              y2="13"
              stroke="var(--color-accent)"
              strokeWidth="3"
              strokeLinecap="round"
              transform={`rotate(${i * 30} 32 32)`}
            />
          ))}
        </svg>
      </div>
      <h2 id={`${id}-title`} className={styles.title}>
        {finished.bible ? t('celebration.bibleTitle') : t('celebration.bookTitle', { books: list })}
      </h2>
      <p id={`${id}-text`} className={styles.message}>
        {finished.bible ? t('celebration.bibleText', { verses: formats.integer(TOTAL_VERSES) }) : t('celebration.bookText', { books: list })}
      </p>
      <div className={styles.actions}>
        {finished.bible && <FreshStartButton variant="secondary" onDone={onClose} />}
        <Button ref={closeRef} onClick={onClose}>
          {t('celebration.close')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Hosts what follows a save on a reader page: the look-back warning and the celebration modal.
 * It keeps the progress figures loaded (in the page's first round of requests) to compare with.
 */
export function LogFollowUpProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const { alert } = useDialogs();
  const dispatch = useDispatch<AnyDispatch>();
  const { data: progress } = readModelsApi.useGetProgressOverviewQuery();
  const { data: settings } = useGetReaderSettingsQuery();
  const [finished, setFinished] = useState<Finished | null>(null);
  const latest = useRef({ settings, formats, t, progress });
  useEffect(() => {
    latest.current = { settings, formats, t, progress };
  });

  const snapshot = useCallback(() => latest.current.progress, []);

  const afterSave = useCallback(
    async (dates: string[], before: ProgressOverview | undefined) => {
      const { settings: current, formats: f, t: tr } = latest.current;
      const lookBack = current?.lookBackDate;
      const early = lookBack ? dates.filter((date) => date < lookBack).sort()[0] : undefined;
      if (early && lookBack) {
        await alert({
          title: tr('lookBack.title'),
          message: tr('lookBack.message', { date: f.date(early), lookBackDate: f.date(lookBack) }),
        });
        if (dates.every((date) => date < lookBack)) return;
      }
      if (!before) return;
      const result = await dispatch(
        readModelsApi.endpoints.getProgressOverview.initiate(undefined, { forceRefetch: true, subscribe: false }),
      );
      if (!result.data) return;
      const done = finishedBetween(before, result.data);
      if (done.bible || done.books.length > 0) setFinished(done);
    },
    [alert, dispatch],
  );

  const api = useMemo<LogFollowUp>(() => ({ snapshot, afterSave }), [snapshot, afterSave]);
  return (
    <FollowUpContext.Provider value={api}>
      {children}
      {finished && <Celebration finished={finished} onClose={() => setFinished(null)} />}
    </FollowUpContext.Provider>
  );
}

export function useLogFollowUp(): LogFollowUp {
  const api = useContext(FollowUpContext);
  if (!api) throw new Error('useLogFollowUp must be used inside <LogFollowUpProvider>');
  return api;
}
