import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES, type ThemeChoice } from './theme';
import styles from './ThemeSwitcher.module.css';

function ThemeIcon({ theme }: { theme: ThemeChoice }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {theme === 'light' && (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </>
      )}
      {theme === 'dark' && <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />}
      {theme === 'system' && (
        <>
          <rect x="3" y="4" width="18" height="12" rx="2" />
          <path d="M8 20h8M12 16v4" />
        </>
      )}
    </svg>
  );
}

export interface ThemeSwitcherProps {
  value: ThemeChoice;
  onChange: (theme: ThemeChoice) => void;
  /** `menu`: an icon button with a menu (the navigation bar); `buttons`: the choices side by side (the phone menu). */
  variant?: 'menu' | 'buttons';
}

/** The three choices as toggle buttons in a labelled group. */
function ThemeButtons({ value, onChange }: Omit<ThemeSwitcherProps, 'variant'>) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={styles.group}>
      <span id={labelId} className={styles.groupLabel}>
        {t('theme.label')}
      </span>
      {THEMES.map((theme) => (
        <button key={theme} type="button" className={styles.option} aria-pressed={theme === value} onClick={() => onChange(theme)}>
          <ThemeIcon theme={theme} />
          {t(`theme.${theme}`)}
        </button>
      ))}
    </div>
  );
}

/** A menu button showing the current theme's icon, with a keyboard-navigable menu of the three. */
function ThemeMenu({ value, onChange }: Omit<ThemeSwitcherProps, 'variant'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = THEMES.indexOf(value);

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

  function openAt(index: number) {
    setFocusIndex(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? current : THEMES.length - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const last = THEMES.length - 1;
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
        aria-label={t('theme.current', { theme: t(`theme.${value}`) })}
        onClick={() => (open ? close(false) : openAt(current))}
        onKeyDown={onTriggerKeyDown}
      >
        <ThemeIcon theme={value} />
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label={t('theme.label')} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {THEMES.map((theme, index) => (
            <li key={theme} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={theme === value}
                tabIndex={index === focusIndex ? 0 : -1}
                className={styles.item}
                onClick={() => {
                  close(true);
                  if (theme !== value) onChange(theme);
                }}
              >
                <ThemeIcon theme={theme} />
                {t(`theme.${theme}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The theme switcher: Light, Dark or System (the device's setting). */
export function ThemeSwitcher({ variant = 'menu', ...props }: ThemeSwitcherProps) {
  return variant === 'menu' ? <ThemeMenu {...props} /> : <ThemeButtons {...props} />;
}
