import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleLink } from '@/shared/i18n';
import { OfflineStatus } from '@/shared/offline';
import { NavBar } from './NavBar';
import type { NavItem } from './types';
import styles from './Layout.module.css';

export interface LayoutProps {
  navItems: NavItem[];
  homeTo: string;
  /** Shown after the main content on every page (the signed-in reader's feedback button). */
  aside?: ReactNode;
  children: ReactNode;
}

const FOOTER_LINKS = [
  { key: 'about', to: '/about' },
  { key: 'faq', to: '/about/faq' },
  { key: 'privacy', to: '/policy/privacy' },
  { key: 'terms', to: '/policy/terms' },
  { key: 'feedback', to: '/feedback' },
  { key: 'tracker', to: '/resources/printable-bible-reading-tracker' },
] as const;

/** The page frame: skip link, navigation bar, the offline status, main content and footer. */
export function Layout({ navItems, homeTo, aside, children }: LayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // After a client-side navigation, move focus to the new page so screen readers follow.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <NavBar items={navItems} homeTo={homeTo} />
      <OfflineStatus />
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      {aside}
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <nav className={styles.footerNav} aria-label={t('footer.label')}>
            <ul>
              {FOOTER_LINKS.map((link) => (
                <li key={link.key}>
                  <LocaleLink to={link.to}>{t(`footer.${link.key}`)}</LocaleLink>
                </li>
              ))}
            </ul>
          </nav>
          <p>{t('tagline')}</p>
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
    </div>
  );
}
