import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { LOCALE_INFO, useLocale } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { AdminNav, Button, EmptyState, LoadError, Loading, useActionLabel, useDialogs, useErrorMessages, useToast } from '@/shared/ui';
import {
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_STATUSES,
  useDeleteFeedbackMutation,
  useGetFeedbackQuery,
  useSetFeedbackStatusMutation,
  type FeedbackItem,
  type FeedbackList,
  type FeedbackStatus,
} from '../api';
import { ReplyDialog } from '../components/ReplyDialog';
import styles from './AdminFeedbackPage.module.css';

function parseStatus(value: string | null): FeedbackStatus {
  return (FEEDBACK_STATUSES as readonly string[]).includes(value ?? '') ? (value as FeedbackStatus) : 'open';
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** A date and time in the page's language: "Nov 25, 2026, 9:14 PM". */
function useDateTime(): (iso: string) => string {
  const { locale } = useLocale();
  const format = new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** /admin/feedback: what readers sent, by status (open, resolved, archived), ten at a time. */
export function AdminFeedbackPage() {
  const { t } = useTranslation('feedbackAdmin');
  useDocumentTitle(t('title'));
  const fmt = useFormats();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const page = parsePage(params.get('page'));
  const offset = (page - 1) * FEEDBACK_PAGE_SIZE;
  const { currentData, data, isFetching, isError, refetch } = useGetFeedbackQuery({ status, offset });
  // Another page of the same tab replaces the one shown when it arrives; another tab starts afresh.
  const [shown, setShown] = useState<{ status: FeedbackStatus; list: FeedbackList } | null>(null);
  if (currentData && shown?.list !== currentData) setShown({ status, list: currentData });
  const list = currentData ?? (isFetching && shown?.status === status ? shown.list : undefined);
  // The counts stay up while another tab loads.
  const counts = currentData?.counts ?? data?.counts;
  const tabRefs = useRef(new Map<FeedbackStatus, HTMLButtonElement>());
  const [replyTo, setReplyTo] = useState<FeedbackItem | null>(null);

  const go = (next: { status?: FeedbackStatus; page?: number }) => {
    const nextParams = new URLSearchParams(params);
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    if (nextStatus === 'open') nextParams.delete('status');
    else nextParams.set('status', nextStatus);
    if (nextPage === 1) nextParams.delete('page');
    else nextParams.set('page', String(nextPage));
    setParams(nextParams);
  };

  // Arrow keys, Home and End move between the tabs and show the one reached.
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = FEEDBACK_STATUSES.indexOf(status);
    const last = FEEDBACK_STATUSES.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index + 1) % (last + 1)
      : event.key === 'ArrowLeft' ? (index + last) % (last + 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    const next = FEEDBACK_STATUSES[target]!;
    go({ status: next });
    tabRefs.current.get(next)?.focus();
  }

  const total = list?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
  // A page emptied by the last action (or a stale link) leads back to the last page with items.
  const beyondEnd = Boolean(list && list.items.length === 0 && total > 0 && page > 1);
  useEffect(() => {
    if (beyondEnd && !isFetching) go({ page: pages });
    // go() is rebuilt every render; the check depends only on these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [beyondEnd, isFetching, pages]);

  const panelId = `${id}-panel`;
  const tabId = (value: FeedbackStatus) => `${id}-tab-${value}`;

  return (
    <div className={styles.page}>
      <AdminNav />
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>

      <div role="tablist" aria-label={t('tabs.label')} className={styles.tabs}>
        {FEEDBACK_STATUSES.map((value) => {
          const selected = value === status;
          const count = counts?.[value];
          return (
            <button
              key={value}
              ref={(element) => {
                if (element) tabRefs.current.set(value, element);
                else tabRefs.current.delete(value);
              }}
              type="button"
              role="tab"
              id={tabId(value)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => go({ status: value })}
              onKeyDown={onTabKey}
            >
              {t(`tabs.${value}`)}
              {count !== undefined && ' '}
              {count !== undefined && (
                <span className={styles.count}>
                  <span className="visually-hidden">(</span>
                  {fmt.integer(count)}
                  <span className="visually-hidden">)</span>
                </span>
              )}
            </button>
          );
        })}
      </div>

      <div role="tabpanel" id={panelId} aria-labelledby={tabId(status)} tabIndex={0} className={styles.panel} aria-busy={isFetching || undefined}>
        {!list && isError && !isFetching && <LoadError message={t('state.error')} retryLabel={t('state.retry')} onRetry={() => void refetch()} />}
        {!list && (!isError || isFetching) && <Loading>{t('state.loading')}</Loading>}
        {list && list.items.length === 0 && !beyondEnd && <EmptyState title={t(`empty.${status}.title`)} text={t(`empty.${status}.text`)} />}
        {list && list.items.length > 0 && (
          <>
            <ul className={styles.list} aria-label={t('list', { status: t(`tabs.${status}`) })}>
              {list.items.map((item) => (
                <FeedbackRow key={item.id} item={item} onReply={() => setReplyTo(item)} />
              ))}
            </ul>
            {pages > 1 && (
              <nav className={styles.pager} aria-label={t('pages.label')}>
                <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                  <span aria-hidden="true">← </span>
                  {t('pages.previous')}
                </Button>
                <p className={styles.pageStatus}>
                  {t('pages.range', {
                    from: fmt.integer(list.offset + 1),
                    to: fmt.integer(list.offset + list.items.length),
                    total: fmt.integer(total),
                  })}
                </p>
                <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
                  {t('pages.next')}
                  <span aria-hidden="true"> →</span>
                </Button>
              </nav>
            )}
          </>
        )}
      </div>

      {replyTo && <ReplyDialog item={replyTo} onClose={() => setReplyTo(null)} />}
    </div>
  );
}

/** Which actions an item offers in each tab. */
const ACTIONS: Record<FeedbackStatus, ('resolve' | 'archive' | 'reopen')[]> = {
  open: ['resolve', 'archive'],
  resolved: ['reopen', 'archive'],
  archived: ['reopen'],
};

const TARGET: Record<'resolve' | 'archive' | 'reopen', FeedbackStatus> = { resolve: 'resolved', archive: 'archived', reopen: 'open' };

function FeedbackRow({ item, onReply }: { item: FeedbackItem; onReply: () => void }) {
  const { t } = useTranslation('feedbackAdmin');
  const actionLabel = useActionLabel();
  const dateTime = useDateTime();
  const toast = useToast();
  const messages = useErrorMessages();
  const { confirm } = useDialogs();
  const [setStatus, statusState] = useSetFeedbackStatusMutation();
  const [remove, removeState] = useDeleteFeedbackMutation();
  const busy = statusState.isLoading || removeState.isLoading;
  const headingId = useId();
  const summary = t('summary', { kind: t(`kinds.${item.kind}`), email: item.email, date: dateTime(item.createdAt) });

  async function act(action: 'resolve' | 'archive' | 'reopen') {
    try {
      await setStatus({ id: item.id, status: TARGET[action] }).unwrap();
      toast.success(t(`done.${action}`));
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('failed'));
    }
  }

  async function onDelete() {
    const ok = await confirm({
      title: t('delete.title'),
      message: t('delete.message', { email: item.email }),
      confirmText: t('delete.confirm'),
      cancelText: t('delete.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove(item.id).unwrap();
      toast.success(t('done.delete'));
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('failed'));
    }
  }

  return (
    <li className={styles.item}>
      <article aria-labelledby={headingId}>
        <header className={styles.itemHead}>
          <h2 id={headingId} className={styles.itemTitle}>
            <span className={`${styles.kind} ${styles[`kind-${item.kind}`]}`}>{t(`kinds.${item.kind}`)}</span>
            <span className="visually-hidden">{summary}</span>
          </h2>
          <time className={styles.date} dateTime={item.createdAt}>
            {dateTime(item.createdAt)}
          </time>
        </header>
        <p className={styles.message}>{item.message}</p>
        <dl className={styles.meta}>
          <div>
            <dt>{t('fields.email')}</dt>
            <dd>
              <a href={`mailto:${item.email}`}>{item.email}</a>
            </dd>
          </div>
          <div>
            <dt>{t('fields.page')}</dt>
            <dd>
              <code>{item.page || '—'}</code>
            </dd>
          </div>
          <div>
            <dt>{t('fields.locale')}</dt>
            <dd>{item.locale}</dd>
          </div>
          {item.repliedAt && (
            <div>
              <dt>{t('fields.reply')}</dt>
              <dd>{t('repliedOn', { date: dateTime(item.repliedAt) })}</dd>
            </div>
          )}
        </dl>
        <div className={styles.actions}>
          {ACTIONS[item.status].map((action) => (
            <Button
              key={action}
              variant={action === 'resolve' ? 'primary' : 'secondary'}
              size="small"
              disabled={busy}
              aria-label={actionLabel(t(`actions.${action}`), item.email)}
              onClick={() => void act(action)}
            >
              {t(`actions.${action}`)}
            </Button>
          ))}
          <Button variant="secondary" size="small" disabled={busy} aria-label={actionLabel(t('actions.reply'), item.email)} onClick={onReply}>
            {t('actions.reply')}
          </Button>
          <Button variant="ghost" size="small" disabled={busy} aria-label={actionLabel(t('actions.delete'), item.email)} onClick={() => void onDelete()}>
            {t('actions.delete')}
          </Button>
        </div>
      </article>
    </li>
  );
}
