import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { LocaleLink, splitLocalePath, useLocale } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { Markdown } from '@/shared/markdown';
import { LoadError, Loading, NotFoundPage } from '@/shared/ui';
import { useGetContentPageQuery, type ContentPage as Page, type ContentSection } from '../api';
import { useMetaDescription } from '../useMetaDescription';
import styles from './ContentPage.module.css';

/** The page's own title is the h1; a first "# Title" line in the text would repeat it. */
function withoutTitle(markdown: string): string {
  return markdown.replace(/^\s*#(?!#)[^\n]*\n/, '');
}

/** /about and /about/:slug: about Lamplight, help and the FAQ. */
export function AboutPage() {
  return <ContentPage section="about" />;
}

/** /policy and /policy/:slug: privacy policy and terms. */
export function PolicyPage() {
  return <ContentPage section="policy" />;
}

function ContentPage({ section }: { section: ContentSection }) {
  const { t } = useTranslation('content');
  const { slug } = useParams();
  const { locale } = useLocale();
  const { currentData, data, error, isFetching, refetch } = useGetContentPageQuery({ locale, section, slug });
  // While another page loads, the one shown stays until the new one is there.
  const page = currentData ?? (isFetching ? data : undefined);
  useDocumentTitle(page?.title ?? t(`section.${section}`));
  useMetaDescription(page?.description);

  if (page) return <Article page={page} />;
  if (error && !isFetching) {
    if (toApiError(error).status === 404) return <NotFoundPage />;
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t(`section.${section}`)}</h1>
        <LoadError message={t('state.error')} retryLabel={t('state.retry')} onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <Loading>{t('state.loading')}</Loading>
    </div>
  );
}

function Article({ page }: { page: Page }) {
  const { t } = useTranslation('content');
  const fmt = useFormats();
  const { hash } = useLocation();

  // A link to a heading of another page ("/about/faq#export") scrolls there once the text is in.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, page.slug]);

  return (
    <div className={styles.page}>
      <div className={styles.layout}>
        <nav className={styles.sectionNav} aria-label={t(`nav.${page.section}`)}>
          <p className={styles.navTitle} aria-hidden="true">
            {t(`section.${page.section}`)}
          </p>
          <ul className={styles.navList}>
            {page.pages.map((link) => (
              <li key={link.slug}>
                <LocaleLink
                  to={splitLocalePath(link.path).path}
                  className={styles.navLink}
                  aria-current={link.slug === page.slug ? 'page' : undefined}
                >
                  {link.title}
                </LocaleLink>
              </li>
            ))}
          </ul>
        </nav>
        <article className={styles.article} aria-labelledby="content-title">
          <header className={styles.header}>
            <p className={styles.eyebrow}>{t(`section.${page.section}`)}</p>
            <h1 id="content-title" className={styles.title}>
              {page.title}
            </h1>
            <p className={styles.updated}>
              {t('updated')} <time dateTime={page.updated}>{fmt.date(page.updated)}</time>
            </p>
          </header>
          <Markdown source={withoutTitle(page.markdown)} headingBase={0} internalLinks className={styles.prose} />
          <aside className={styles.more} aria-labelledby="content-more">
            <h2 id="content-more" className={styles.moreTitle}>
              {t('more.title')}
            </h2>
            <p className={styles.moreText}>
              {t('more.text')} <LocaleLink to="/feedback">{t('more.link')}</LocaleLink>
            </p>
          </aside>
        </article>
      </div>
    </div>
  );
}
