import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleLink, LocaleNavLink } from '@/shared/i18n';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/lib/useMediaQuery';
import { LanguageSwitcher, Logo, ThemeSwitcher } from '@/shared/ui';
import { useTheme } from '../theme';
import type { NavItem, NavLinkItem, NavMenuItem } from './types';
import styles from './Layout.module.css';

function linkClass(item: NavLinkItem, isActive: boolean): string {
  return [
    styles.link,
    item.emphasis === 'primary' ? styles.primary : '',
    item.emphasis === 'subtle' ? styles.subtle : '',
    isActive && !item.emphasis ? styles.active : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function NavLinkEntry({ item }: { item: NavLinkItem }) {
  return (
    <LocaleNavLink to={item.to} end={item.end} className={({ isActive }) => linkClass(item, isActive)}>
      {item.label}
    </LocaleNavLink>
  );
}

/** A disclosure of links (for example the Admin pages). */
function NavMenuEntry({ item }: { item: NavMenuItem }) {
  const { pathname } = useLocation();
  // Open state belongs to the page it was opened on, so navigating closes the menu.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const listId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!hostRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <div
      className={styles.menuHost}
      ref={hostRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          hostRef.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className={styles.link}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {item.label}
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <ul id={listId} className={styles.submenu} hidden={!open}>
        {item.items.map((child) => (
          <li key={child.id}>
            <NavLinkEntry item={child} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** With more items than this (signed in), the bar is denser and collapses earlier. */
const DENSE_AFTER = 5;
/**
 * Below this width the many signed-in items always go into the menu; above it they do too while
 * they do not fit in one row (useOverflows), as the longer languages need more room.
 */
export const DENSE_COLLAPSE_QUERY = '(max-width: 75.99em)';

/**
 * Whether the bar, laid out in one row, is wider than the window. The width the row needed is
 * remembered while what it holds (key) stays the same, so once collapsed the bar opens out
 * again only where that row fits.
 */
function useOverflows(bar: RefObject<HTMLElement | null>, watch: boolean, key: string): boolean {
  const [needed, setNeeded] = useState<{ key: string; width: number } | null>(null);
  const [width, setWidth] = useState(Infinity);
  const current = needed?.key === key ? needed.width : null;
  const overflows = watch && current !== null && width < current;
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || !watch) return;
    const measure = () => {
      setWidth(element.clientWidth);
      // Only the row laid out in full tells how much it needs.
      if (!overflows && element.scrollWidth > element.clientWidth) setNeeded({ key, width: element.scrollWidth });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [bar, watch, key, overflows]);
  return overflows;
}

export interface NavBarProps {
  items: NavItem[];
  /** Where the logo and title lead: "/" signed out, "/today" signed in. */
  homeTo: string;
}

/**
 * The navigation bar: brand, nav items (a menu on phones), the theme switcher (in that menu on
 * phones) and the language switcher.
 */
export function NavBar({ items, homeTo }: NavBarProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const barRef = useRef<HTMLDivElement>(null);
  // The mobile menu closes by itself when the page changes.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dense = items.length > DENSE_AFTER;
  const narrow = useMediaQuery(dense ? DENSE_COLLAPSE_QUERY : MOBILE_QUERY);
  const overflows = useOverflows(barRef, !narrow, `${i18n.language} ${items.map((item) => `${item.id}:${item.label}`).join(' ')}`);
  const collapsed = narrow || overflows;
  const { theme, setTheme } = useTheme();

  return (
    <header className={[styles.header, dense ? styles.dense : '', collapsed ? styles.collapsed : ''].filter(Boolean).join(' ')}>
      <div ref={barRef} className={styles.bar}>
        <LocaleLink to={homeTo} className={styles.brand}>
          <Logo size={34} />
          <span>{t('appName')}</span>
        </LocaleLink>
        <nav
          className={styles.nav}
          aria-label={t('nav.main')}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) {
              setOpenOn(null);
              buttonRef.current?.focus();
            }
          }}
        >
          <button
            ref={buttonRef}
            type="button"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls={listId}
            aria-label={open ? t('nav.closeMenu') : t('nav.menu')}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
          <ul id={listId} className={[styles.links, open ? styles.open : ''].filter(Boolean).join(' ')}>
            {items.map((item) => (
              <li key={item.id}>
                {item.kind === 'link' && <NavLinkEntry item={item} />}
                {item.kind === 'menu' && <NavMenuEntry item={item} />}
                {item.kind === 'action' && (
                  <button type="button" className={styles.link} onClick={item.onSelect}>
                    {item.label}
                  </button>
                )}
              </li>
            ))}
            {collapsed && (
              <li>
                <ThemeSwitcher variant="buttons" value={theme} onChange={setTheme} />
              </li>
            )}
          </ul>
        </nav>
        {!collapsed && <ThemeSwitcher value={theme} onChange={setTheme} />}
        <LanguageSwitcher compact={dense && !collapsed} />
      </div>
    </header>
  );
}
