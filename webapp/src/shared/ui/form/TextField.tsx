import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styles from './TextField.module.css';

/** The class of a bordered text control, for inputs and selects laid out by their own markup. */
export const inputClassName = styles.input;

interface FieldProps {
  label: string;
  /** Help shown under the control (text, or a short list such as password rules). */
  hint?: ReactNode;
  error?: string;
}

/** Ids for a control and its messages; the error is read before the hint. */
function useFieldIds(id: string | undefined, { hint, error }: Pick<FieldProps, 'hint' | 'error'>) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return { controlId, hintId, errorId, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined };
}

function Field({
  label,
  hint,
  error,
  className,
  ids,
  children,
}: FieldProps & { className?: string; ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={ids.controlId}>
        {label}
      </label>
      {children}
      {error && (
        <span id={ids.errorId} className={styles.error}>
          {error}
        </span>
      )}
      {hint && (
        <div id={ids.hintId} className={styles.hint}>
          {hint}
        </div>
      )}
    </div>
  );
}

export interface TextFieldProps extends FieldProps, InputHTMLAttributes<HTMLInputElement> {
  /** A control drawn inside the input's right edge (for example a show-password button). */
  trailing?: ReactNode;
}

/** A labelled input with an optional hint and error, wired up for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, trailing, id, className, ...rest },
  ref,
) {
  const ids = useFieldIds(id, { hint, error });
  const input = (
    <input
      ref={ref}
      id={ids.controlId}
      className={[styles.input, trailing ? styles.withTrailing : ''].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy}
      {...rest}
    />
  );
  return (
    <Field label={label} hint={hint} error={error} className={className} ids={ids}>
      {trailing ? (
        <div className={styles.control}>
          {input}
          <div className={styles.trailing}>{trailing}</div>
        </div>
      ) : (
        input
      )}
    </Field>
  );
});

export interface TextAreaFieldProps extends FieldProps, TextareaHTMLAttributes<HTMLTextAreaElement> {}

/** A labelled multi-line input, like TextField; its height follows `rows` and the reader can drag it taller. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, id, className, ...rest },
  ref,
) {
  const ids = useFieldIds(id, { hint, error });
  return (
    <Field label={label} hint={hint} error={error} className={className} ids={ids}>
      <textarea
        ref={ref}
        id={ids.controlId}
        className={`${styles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
    </Field>
  );
});
