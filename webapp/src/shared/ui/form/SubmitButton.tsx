import { forwardRef } from 'react';
import { Button, type ButtonProps } from '../button/Button';
import styles from './SubmitButton.module.css';

export interface SubmitButtonProps extends ButtonProps {
  /** While true the button does nothing, shows a spinner and says `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
}

/**
 * A form's submit button, unavailable with a progress indicator while the request is on its way.
 * It stays focusable (aria-disabled, clicks ignored), so keyboard focus is not lost meanwhile.
 */
export const SubmitButton = forwardRef<HTMLButtonElement, SubmitButtonProps>(function SubmitButton(
  { busy = false, busyLabel, children, type = 'submit', onClick, ...rest },
  ref,
) {
  return (
    <Button
      ref={ref}
      type={type}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
});
