import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../button/Button';
import styles from './ActionMenu.module.css';

export interface ActionMenuProps {
  /** Visible text of the button ("Actions"). */
  label: string;
  /** Accessible name of the button, with what it acts on ("Actions: Genesis 1"). */
  accessibleLabel: string;
  /** The actions: links and buttons; choosing one closes the menu. */
  children: ReactNode;
  /** Extra classes of the wrapper and of the list, to place the list in a narrow spot. */
  className?: string;
  menuClassName?: string;
}

/**
 * A button that shows a short list of actions below it (a disclosure, so Tab moves through the
 * actions as through any links and buttons). Escape closes it and returns focus to the button, and
 * so does a click outside or on an action.
 */
export function ActionMenu({ label, accessibleLabel, children, className, menuClassName }: ActionMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

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

  return (
    <div
      ref={rootRef}
      className={className ? `${styles.root} ${className}` : styles.root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <Button
        ref={buttonRef}
        variant="ghost"
        size="small"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={accessibleLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </Button>
      <div
        id={`${id}-menu`}
        className={menuClassName ? `${styles.menu} ${menuClassName}` : styles.menu}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a, button')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
