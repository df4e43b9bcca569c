import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useFormats } from '@/shared/lib/formats';
import { useGetReaderSettingsQuery, useUpdateReaderSettingsMutation } from '@/shared/reader';
import { TagChip, useDeleteTagMutation, useTags, type ListedTag } from '@/shared/tags';
import { Button, EmptyState, inputClassName, LoadError, Loading, useActionLabel, useDialogs, useErrorMessages, useToast } from '@/shared/ui';
import { TagDialog } from '../components/TagDialog';
import { DEFAULT_SORT, TAG_SORTS, notesWithTagPath, parseSort, sortTags, type TagSort } from '../model/sort';
import styles from './TagsPage.module.css';

type Editing = { mode: 'create' } | { mode: 'edit'; tag: ListedTag } | null;

/** /tags: the reader's tags with their note counts; create, edit and delete them. */
export function TagsPage() {
  const { t } = useTranslation('tags');
  useDocumentTitle(t('title'));
  const fmt = useFormats();
  const sortId = useId();
  const [params, setParams] = useSearchParams();
  const { data: settings } = useGetReaderSettingsQuery();
  const [saveSettings] = useUpdateReaderSettingsMutation();
  const sort = parseSort(params.get('sort'), settings?.tagSort);
  const { tags, data, isLoading, isError, refetch } = useTags();
  const sorted = useMemo(() => sortTags(tags, sort), [tags, sort]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleteTag] = useDeleteTagMutation();
  const { confirm } = useDialogs();
  const toast = useToast();
  const messages = useErrorMessages();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a dialog closes or a tag is deleted, the button that opened it may be gone (the
  // empty state's call to action, a deleted row): then focus goes to the page heading.
  const [keepFocus, setKeepFocus] = useState(0);
  useEffect(() => {
    if (keepFocus > 0 && (!document.activeElement || document.activeElement === document.body)) headingRef.current?.focus();
  }, [keepFocus, tags]);

  const closeDialog = () => {
    setEditing(null);
    setKeepFocus((n) => n + 1);
  };

  // The URL keeps the sort for Back and shared links; the account keeps it for the next visit.
  const setSort = (next: TagSort) => {
    const nextParams = new URLSearchParams(params);
    if (next === DEFAULT_SORT) nextParams.delete('sort');
    else nextParams.set('sort', next);
    setParams(nextParams, { replace: true });
    if (settings && settings.tagSort !== next) void saveSettings({ tagSort: next });
  };

  async function remove(tag: ListedTag) {
    const n = fmt.integer(tag.noteCount);
    const ok = await confirm({
      title: t('confirm.title', { label: tag.label }),
      message: tag.noteCount > 0 ? t('confirm.inUse', { count: tag.noteCount, n }) : t('confirm.unused'),
      confirmText: t('confirm.confirm'),
      cancelText: t('confirm.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteTag(tag.id).unwrap();
      toast.success(t('confirm.done', { label: tag.label }));
      setKeepFocus((n) => n + 1);
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('confirm.failed'));
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
            {t('title')}
          </h1>
          <p className={styles.intro}>{t('intro')}</p>
        </div>
        {tags.length > 0 && <Button onClick={() => setEditing({ mode: 'create' })}>{t('new')}</Button>}
      </header>

      {isLoading && <Loading>{t('state.loading')}</Loading>}
      {isError && !data && <LoadError message={t('state.error')} retryLabel={t('state.retry')} onRetry={() => void refetch()} />}

      {data && tags.length === 0 && (
        <EmptyState title={t('empty.title')} text={t('empty.text')}>
          <Button onClick={() => setEditing({ mode: 'create' })}>{t('empty.action')}</Button>
        </EmptyState>
      )}

      {tags.length > 0 && (
        <>
          <div className={styles.toolbar}>
            <p className={styles.count}>{t('count', { count: tags.length, n: fmt.integer(tags.length) })}</p>
            <div className={styles.sort}>
              <label htmlFor={sortId}>{t('sort.label')}</label>
              <select id={sortId} className={`${inputClassName} ${styles.select}`} value={sort} onChange={(event) => setSort(parseSort(event.target.value))}>
                {TAG_SORTS.map((option) => (
                  <option key={option} value={option}>
                    {t(`sort.${option}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <ul className={styles.list} aria-label={t('list')}>
            {sorted.map((tag) => (
              <TagRow key={tag.id} tag={tag} onEdit={() => setEditing({ mode: 'edit', tag })} onDelete={() => void remove(tag)} />
            ))}
          </ul>
        </>
      )}

      {editing && (
        <TagDialog tag={editing.mode === 'edit' ? editing.tag : undefined} tagCount={tags.length} onClose={closeDialog} />
      )}
    </div>
  );
}

function TagRow({ tag, onEdit, onDelete }: { tag: ListedTag; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('tags');
  const actionLabel = useActionLabel();
  const fmt = useFormats();
  return (
    <li className={styles.row}>
      <div className={styles.main}>
        <h2 className={styles.rowTitle}>
          <TagChip tag={tag} />
        </h2>
        {tag.description && <p className={styles.description}>{tag.description}</p>}
      </div>
      <div className={styles.meta}>
        {tag.noteCount > 0 ? (
          <LocaleLink to={notesWithTagPath(tag.id)} className={styles.notesLink}>
            {t('notes', { count: tag.noteCount, n: fmt.integer(tag.noteCount) })}
            {' '}
            <span className="visually-hidden">{t('notesContext', { label: tag.label })}</span>
          </LocaleLink>
        ) : (
          <span className={styles.noNotes}>{t('noNotes')}</span>
        )}
      </div>
      <div className={styles.actions}>
        <Button variant="ghost" size="small" aria-label={actionLabel(t('edit'), tag.label)} onClick={onEdit}>
          {t('edit')}
        </Button>
        <Button variant="ghost" size="small" className={styles.delete} aria-label={actionLabel(t('delete'), tag.label)} onClick={onDelete}>
          {t('delete')}
        </Button>
      </div>
    </li>
  );
}
