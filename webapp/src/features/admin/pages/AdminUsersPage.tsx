import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormats } from '@/shared/lib/formats';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { AdminNav, Button, EmptyState, LoadError, Loading } from '@/shared/ui';
import { USER_SORTS, USERS_PAGE_SIZE, useGetUsersQuery, type UserSort } from '../api';
import styles from '../components/admin.module.css';
import { UserDetail } from '../components/UserDetail';
import { useDateTime } from '../components/useDateTime';

/** How long typing rests before the list follows the search. */
const SEARCH_DELAY_MS = 250;

function parseSort(value: string | null): UserSort {
  return (USER_SORTS as readonly string[]).includes(value ?? '') ? (value as UserSort) : 'email';
}

/** /admin/users: accounts searched by address as you type, sorted and paged; one opens beside the list. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('users.title'));
  const fmt = useFormats();
  const dateTime = useDateTime();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'));
  const selected = params.get('user');
  const [text, setText] = useState(params.get('search') ?? '');
  const [search, setSearch] = useState(text.trim());
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isFetching, isError, refetch } = useGetUsersQuery({ search, sort, offset });

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };

  const total = data?.size ?? 0;
  return (
    <div className={styles.page}>
      <AdminNav />
      <header className={styles.header}>
        <h1 className={styles.title}>{t('users.title')}</h1>
        <p className={styles.intro}>{t('users.intro')}</p>
      </header>
      <div className={styles.controls}>
        <div className={styles.control}>
          <label htmlFor={`${id}-search`}>{t('users.search')}</label>
          <input
            id={`${id}-search`}
            type="search"
            className={styles.input}
            value={text}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className={styles.control}>
          <label htmlFor={`${id}-sort`}>{t('users.sort')}</label>
          <select
            id={`${id}-sort`}
            className={styles.input}
            value={sort}
            onChange={(event) => {
              setOffset(0);
              set('sort', event.target.value === 'email' ? null : event.target.value);
            }}
          >
            {USER_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`users.sorts.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className={selected ? styles.split : undefined}>
        <section aria-labelledby={`${id}-list`} aria-busy={isFetching || undefined} className={styles.panel}>
          <h2 id={`${id}-list`} className="visually-hidden">
            {t('users.list')}
          </h2>
          {!data && isError && <LoadError message={t('state.error')} retryLabel={t('state.retry')} onRetry={() => void refetch()} />}
          {!data && !isError && <Loading>{t('state.loading')}</Loading>}
          {data && data.results.length === 0 && <EmptyState title={t('users.empty.title')} text={t('users.empty.text')} />}
          {data && data.results.length > 0 && (
            <>
              <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={`${id}-list`}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('users.columns.email')}</th>
                      <th scope="col">{t('users.columns.created')}</th>
                      <th scope="col">{t('users.columns.lastActive')}</th>
                      <th scope="col" className={styles.number}>
                        {t('users.columns.entries')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.results.map((row) => (
                      <tr key={row.id} aria-current={row.id === selected || undefined}>
                        <th scope="row">
                          <button type="button" className={styles.linkButton} onClick={() => set('user', row.id)}>
                            {row.email}
                          </button>
                          {row.isAdmin && <span className={styles.badge}>{t('users.adminBadge')}</span>}
                        </th>
                        <td>{dateTime(row.createdAt)}</td>
                        <td>{row.lastActiveAt ? dateTime(row.lastActiveAt) : t('users.never')}</td>
                        <td className={styles.number}>{fmt.integer(row.entries)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <nav className={styles.pager} aria-label={t('users.pages')}>
                <Button variant="secondary" size="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - USERS_PAGE_SIZE))}>
                  {t('users.previous')}
                </Button>
                <p>
                  {t('users.range', {
                    from: fmt.integer(offset + 1),
                    to: fmt.integer(offset + data.results.length),
                    total: fmt.integer(total),
                  })}
                </p>
                <Button
                  variant="secondary"
                  size="small"
                  disabled={offset + USERS_PAGE_SIZE >= total}
                  onClick={() => setOffset(offset + USERS_PAGE_SIZE)}
                >
                  {t('users.next')}
                </Button>
              </nav>
            </>
          )}
        </section>
        {selected && <UserDetail id={selected} onClose={() => set('user', null)} />}
      </div>
    </div>
  );
}
