import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { validateRange, type Locale } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useTags } from '@/shared/tags';
import { Button, ButtonLink, EmptyState, LoadError, PageHeader, ProgressBar, useDialogs, useErrorMessages, useToast } from '@/shared/ui';
import { useDeleteNoteMutation, useGetNotesQuery, type PassageNote } from '../api';
import { FilterPanel } from '../components/FilterPanel';
import { NoteCard, noteSummary } from '../components/NoteCard';
import { NoteEditor, type EditorTarget } from '../components/NoteEditor';
import { Pager } from '../components/Pager';
import { COMPOSE_PARAM, composePassages } from '../model/compose';
import { formatSpan } from '../model/passages';
import { resetQuery } from '../model/filters';
import { hasPassage, isFiltered, pageOffset, pagination, type NoteQuery } from '../model/query';
import { useAppliedQuery } from '../useAppliedQuery';
import styles from './NotesPage.module.css';

/**
 * /notes: the reader's notes, a page at a time, with staged filters whose applied form is the
 * URL. /notes?compose=<verse ids> (from the log and the books) opens the editor on those passages.
 */
export function NotesPage() {
  const { t } = useTranslation('notes');
  useDocumentTitle(t('title'));
  const { locale } = useLocale();
  const toast = useToast();
  const messages = useErrorMessages();
  const { confirm } = useDialogs();
  const { query, key, params, setParams, apply } = useAppliedQuery();
  const notes = useGetNotesQuery(query);
  const { byId } = useTags();
  const [remove] = useDeleteNoteMutation();
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  // Counts resets, so Reset also clears staged edits when the applied query already is the default.
  const [resets, setResets] = useState(0);

  // A compose link opens the editor once; the parameter leaves the URL so Back and reloads do not
  // open it again.
  const compose = params.get(COMPOSE_PARAM);
  const [composed, setComposed] = useState<string | null>(null);
  if (compose !== composed) {
    setComposed(compose);
    if (compose !== null) setEditor({ mode: 'new', passages: composePassages(compose) });
  }
  useEffect(() => {
    if (compose === null) return;
    const next = new URLSearchParams(params);
    next.delete(COMPOSE_PARAM);
    setParams(next, { replace: true });
  }, [compose, params, setParams]);

  const data = notes.data;
  const current = notes.currentData;
  const size = data?.size ?? 0;
  const { totalPages } = pagination(query.offset, query.limit, size);
  const { refetch } = notes;

  // A page past the end (the last note of the last page deleted, an old bookmark): go to the last page.
  useEffect(() => {
    if (current && current.results.length === 0 && current.size > 0 && query.offset > 0) {
      apply({ ...query, offset: pageOffset(Math.ceil(current.size / query.limit), query.limit) }, { replace: true });
    }
  }, [current, query, apply]);

  // Reset (product spec §4): the defaults, any staged edits on top, then the list again.
  const reset = useCallback(
    (staged: NoteQuery | null = null) => {
      apply(resetQuery(query, staged));
      setResets((n) => n + 1);
      void refetch();
    },
    [apply, refetch, query],
  );

  const deleteNote = useCallback(
    async (note: PassageNote, summary: string): Promise<boolean> => {
      const ok = await confirm({
        title: t('list.deleteTitle'),
        message: t('list.deleteText', { summary }),
        confirmText: t('list.delete'),
        danger: true,
      });
      if (!ok) return false;
      try {
        await remove(note.id).unwrap();
      } catch (caught) {
        toast.error(messages.request(toApiError(caught)) ?? t('list.deleteFailed'));
        return false;
      }
      toast.success(t('list.deleted'));
      return true;
    },
    [confirm, remove, toast, messages, t],
  );

  const filtered = isFiltered(query);
  // With a passage filter of one book, an empty answer offers a note on that passage.
  const filterRange = hasPassage(query)
    ? { startVerseId: query.filterPassageStartVerseId, endVerseId: query.filterPassageEndVerseId }
    : null;
  const writableRange = filterRange && validateRange(filterRange) === null ? filterRange : null;
  const fetching = notes.isFetching;
  const newNote = () => setEditor({ mode: 'new', passages: [] });
  // The filter panel starts again from the applied query when that changes (Apply, Reset, Back),
  // not when only the page does; staged edits are kept while paging.
  const panelKey = [...new URLSearchParams(key)].filter(([name]) => name !== 'offset').join('&');

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')}>
        <div className={styles.headerActions}>
          <ButtonLink to="/tags" variant="secondary">
            {t('manageTags')}
          </ButtonLink>
          <Button onClick={newNote}>{t('newNote')}</Button>
        </div>
      </PageHeader>

      <div className={styles.layout}>
        <div className={styles.filters}>
          <FilterPanel key={`${locale}:${resets}?${panelKey}`} query={query} onApply={(next) => apply(next)} onReset={reset} />
        </div>

        <section className={styles.results} aria-labelledby="notes-list-heading" aria-busy={fetching || undefined}>
          <h2 id="notes-list-heading" className="visually-hidden">
            {t('list.label')}
          </h2>
          <p className={styles.loading} role="status">
            {fetching ? t('state.loading') : ''}
          </p>
          {/* The page being replaced stays at full contrast; the bar says it is about to change. */}
          <ProgressBar inline active={fetching && size > 0} label={t('state.loading')} />

          {notes.isError && !fetching && (
            <LoadError className={styles.error} message={t('state.error')} retryLabel={t('state.retry')} onRetry={() => void refetch()} />
          )}

          {data &&
            !notes.isError &&
            size === 0 &&
            !fetching &&
            (filtered ? (
              <EmptyState level={3} title={t('state.noMatchTitle')} text={t('state.noMatchText')}>
                <Button variant="secondary" onClick={() => reset()}>
                  {t('state.noMatchAction')}
                </Button>
                {writableRange && (
                  <Button onClick={() => setEditor({ mode: 'new', passages: [writableRange] })}>
                    {t('state.writeOn', { passage: formatSpan(writableRange, locale as Locale) })}
                  </Button>
                )}
              </EmptyState>
            ) : (
              <EmptyState level={3} title={t('state.emptyTitle')} text={t('state.emptyText')}>
                <Button onClick={newNote}>{t('state.emptyAction')}</Button>
              </EmptyState>
            ))}

          {data && !notes.isError && size > 0 && (
            <>
              <ul className={styles.list} aria-label={t('list.label')}>
                {data.results.map((note) => (
                  <li key={note.id}>
                    <NoteCard
                      note={note}
                      tagsById={byId}
                      onEdit={(target) => setEditor({ mode: 'edit', note: target })}
                      onDelete={(target, summary) => void deleteNote(target, summary)}
                    />
                  </li>
                ))}
              </ul>
              {totalPages > 1 && (
                <Pager
                  offset={query.offset}
                  limit={query.limit}
                  size={size}
                  busy={fetching}
                  onPage={(page) => apply({ ...query, offset: pageOffset(page, query.limit) })}
                />
              )}
            </>
          )}
        </section>
      </div>

      {editor && (
        <NoteEditor
          target={editor}
          onClose={() => setEditor(null)}
          onDelete={(note) => deleteNote(note, noteSummary(note, locale as Locale, t('title')))}
        />
      )}
    </div>
  );
}
