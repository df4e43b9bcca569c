import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_INFO, useLocale, useSwitchLocale, type Locale } from '@/shared/i18n';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/lib/useMediaQuery';
import { Modal } from '../dialog/Modal';
import styles from './LanguageSwitcher.module.css';

function GlobeIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9M12 3C9.5 5.7 8.2 8.7 8.2 12s1.3 6.3 3.8 9" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg className={styles.check} width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 12.5 10 17l9-10" />
    </svg>
  );
}

function Chevron() {
  return (
    <svg className={styles.chevron} width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

function TriggerContent({ locale, compact }: { locale: Locale; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <GlobeIcon />
      <span className="visually-hidden">{t('language.label')}:</span>{' '}
      {compact ? (
        // Short visible code ("DE"); the full name stays the accessible name.
        <>
          <span aria-hidden="true">{locale.toUpperCase()}</span>
          <span lang={locale} className="visually-hidden">
            {LOCALE_INFO[locale].name}
          </span>
        </>
      ) : (
        <span lang={locale}>{LOCALE_INFO[locale].name}</span>
      )}
      <Chevron />
    </>
  );
}

/** Desktop: a menu button with a keyboard-navigable menu of languages. */
function LanguageMenu({ locale, compact, onSelect }: { locale: Locale; compact: boolean; onSelect: (next: Locale) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const current = LOCALES.indexOf(locale);

  function openAt(index: number) {
    setFocusIndex(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(current);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(LOCALES.length - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const last = LOCALES.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key.length === 1) {
      const letter = event.key.toLowerCase();
      const found = LOCALES.findIndex((code, i) => i > focusIndex && LOCALE_INFO[code].name.toLowerCase().startsWith(letter));
      const wrapped = found >= 0 ? found : LOCALES.findIndex((code) => LOCALE_INFO[code].name.toLowerCase().startsWith(letter));
      if (wrapped >= 0) setFocusIndex(wrapped);
    }
  }

  return (
    <div className={styles.wrapper} ref={wrapperRef}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(current))}
        onKeyDown={onTriggerKeyDown}
      >
        <TriggerContent locale={locale} compact={compact} />
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label={t('language.label')} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {LOCALES.map((code, index) => (
            <li key={code} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={code === locale}
                tabIndex={index === focusIndex ? 0 : -1}
                lang={code}
                className={styles.item}
                onClick={() => {
                  close(true);
                  if (code !== locale) onSelect(code);
                }}
              >
                {LOCALE_INFO[code].name}
                {code === locale && <CheckIcon />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Mobile: the same choice in a modal dialog with large touch targets. */
function LanguageDialog({ locale, compact, onSelect }: { locale: Locale; compact: boolean; onSelect: (next: Locale) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button type="button" className={styles.trigger} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <TriggerContent locale={locale} compact={compact} />
      </button>
      {open && (
        <Modal labelledBy={titleId} onCancel={() => setOpen(false)} dismissible>
          <div className={styles.dialogHeader}>
            <h2 id={titleId}>{t('language.choose')}</h2>
            <button type="button" className={styles.close} aria-label={t('dialog.close')} onClick={() => setOpen(false)}>
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          <ul className={styles.list}>
            {LOCALES.map((code) => (
              <li key={code}>
                <button
                  type="button"
                  lang={code}
                  className={styles.item}
                  aria-current={code === locale ? 'true' : undefined}
                  onClick={() => {
                    setOpen(false);
                    if (code !== locale) onSelect(code);
                  }}
                >
                  {LOCALE_INFO[code].name}
                  {code === locale && <CheckIcon />}
                </button>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </>
  );
}

/**
 * The language switcher of the navigation bar: a menu on desktop, a dialog on phones.
 * `compact` shows the language code instead of its name (a crowded bar).
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { locale } = useLocale();
  const switchLocale = useSwitchLocale();
  const mobile = useMediaQuery(MOBILE_QUERY);
  return mobile ? (
    <LanguageDialog locale={locale} compact={compact} onSelect={switchLocale} />
  ) : (
    <LanguageMenu locale={locale} compact={compact} onSelect={switchLocale} />
  );
}
