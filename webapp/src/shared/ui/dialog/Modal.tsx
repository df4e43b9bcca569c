import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styles from './Modal.module.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** Called on Escape (and on a click on the backdrop when dismissible). */
  onCancel: () => void;
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  /** Element to focus when the modal opens; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Whether a click on the backdrop cancels. */
  dismissible?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * An accessible modal: the rest of the page is inert while it is open, Tab cycles inside it,
 * Escape cancels, and focus returns to the element that opened it.
 */
export function Modal({
  onCancel,
  labelledBy,
  describedBy,
  role = 'dialog',
  initialFocus,
  dismissible = false,
  className,
  children,
}: ModalProps) {
  const backdropRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef(onCancel);
  useLayoutEffect(() => {
    cancelRef.current = onCancel;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = backdropRef.current;
    const madeInert: Element[] = [];
    for (const element of Array.from(document.body.children)) {
      if (element === host || element.hasAttribute('inert') || element.tagName === 'SCRIPT') continue;
      element.setAttribute('inert', '');
      madeInert.push(element);
    }
    const target = initialFocus?.current ?? dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialogRef.current;
    target?.focus();
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening; initialFocus is read at mount on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      cancelRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      ref={backdropRef}
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) cancelRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={[styles.dialog, className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

export const modalStyles = styles;

/** A modal's heading; give its id to the Modal's `labelledBy`. */
export function ModalTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className={styles.title}>
      {children}
    </h2>
  );
}

/** A modal's closing row of buttons, the main action last. */
export function ModalActions({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={[styles.actions, className].filter(Boolean).join(' ')}>{children}</div>;
}
