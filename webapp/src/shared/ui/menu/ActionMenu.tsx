import {
  Children,
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Button } from '../button/Button';
import styles from './ActionMenu.module.css';

export interface ActionMenuProps {
  /** Visible text of the button ("Actions"); with `compact`, only its accessible name. */
  label: string;
  /** Accessible name of the button, with what it acts on ("Actions: Genesis 1"). */
  accessibleLabel: string;
  /**
   * The actions: links and buttons, each becomes a menu item; choosing one closes the menu. A
   * function renders them only while the menu is open (many menus on a page, costly items), and
   * spreads `item` on each.
   */
  children: ReactNode | ((item: MenuItemProps) => ReactNode);
  /** A small "⋯" button instead of the label, where there is room for little more than a number. */
  compact?: boolean;
  /** Extra classes of the wrapper, the button and the list, to place them in a narrow spot. */
  className?: string;
  buttonClassName?: string;
  menuClassName?: string;
}

/** What makes a link or button an item of the menu. */
export interface MenuItemProps {
  role: 'menuitem';
  tabIndex: -1;
}

const ITEM: MenuItemProps = { role: 'menuitem', tabIndex: -1 };

type Focus = 'first' | 'last' | null;

/**
 * A menu button (the WAI-ARIA menu button pattern): Enter, Space or Arrow Down opens the menu on its
 * first item, Arrow Up on its last; arrows, Home, End and a first letter move between items; Escape
 * closes it and returns focus to the button; Tab or a click outside closes it.
 */
export function ActionMenu({ label, accessibleLabel, children, compact, className, buttonClassName, menuClassName }: ActionMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  // The list hangs from the button's right edge; where that would leave the screen (a button near
  // the left edge, a checklist cell), it hangs from the left edge instead.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!open || !menu) return;
    delete menu.dataset.align;
    if (menu.getBoundingClientRect().left < 0) menu.dataset.align = 'start';
  }, [open]);

  useEffect(() => {
    if (!open || !focus) return;
    const list = items();
    (focus === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open, focus]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  const show = (at: Focus) => {
    setFocus(at);
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') setOpen(false);
    else if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const letter = event.key.toLocaleLowerCase();
      const order = [...list.slice(at + 1), ...list.slice(0, at + 1)];
      const match = order.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter));
      if (match) move(list.indexOf(match));
    }
  };

  return (
    <div ref={rootRef} className={className ? `${styles.root} ${className}` : styles.root}>
      <Button
        ref={buttonRef}
        id={`${id}-button`}
        variant="ghost"
        size="small"
        className={[compact ? styles.compact : '', buttonClassName ?? ''].join(' ').trim() || undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={accessibleLabel}
        onKeyDown={onButtonKey}
        onClick={() => (open ? setOpen(false) : show('first'))}
      >
        {compact ? (
          <span aria-hidden="true">⋯</span>
        ) : (
          <>
            {label}
            <span aria-hidden="true" className={styles.caret}>
              ▾
            </span>
          </>
        )}
      </Button>
      <div
        ref={menuRef}
        id={`${id}-menu`}
        role="menu"
        aria-labelledby={`${id}-button`}
        className={menuClassName ? `${styles.menu} ${menuClassName}` : styles.menu}
        hidden={!open}
        onKeyDown={onMenuKey}
        // After the action ran (the item's own handler comes first), focus goes back to the button,
        // before a dialog the action opened mounts, so closing that dialog returns there.
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('[role="menuitem"]')) close();
        }}
      >
        {typeof children === 'function'
          ? open && children(ITEM)
          : Children.map(children, (child) => (isValidElement(child) ? cloneElement(child as ReactElement<Partial<MenuItemProps>>, ITEM) : child))}
      </div>
    </div>
  );
}
