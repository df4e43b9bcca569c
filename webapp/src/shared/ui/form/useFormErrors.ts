import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError, ApiErrorDetail } from '@/shared/api';
import { useErrorMessages } from './errorMessages';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormErrorsOptions<F extends string> {
  /** A more specific message for a field's error (for example "An email address is required"). */
  override?: (field: F, detail: ApiErrorDetail) => string | undefined;
  /**
   * The form field an API error's field belongs to, when the names differ (for example
   * "entries.0.date" -> "date"); by default a field of the same name. Undefined: not a form field.
   */
  fieldOf?: (apiField: string) => F | undefined;
}

export interface FormErrors<F extends string> {
  /** The message per field, shown beside it. */
  errors: FieldErrors<F>;
  /** A message about the whole form (shown in a FormAlert), if any. */
  formError: string | undefined;
  /** Pass as the input's ref, so the first invalid field can be focused. */
  inputRef: (field: F) => (element: HTMLElement | null) => void;
  /** The message for a field error found in the browser (same wording as the server's). */
  message: (field: F, detail: ApiErrorDetail) => string;
  /** Shows errors found in the browser and focuses the first invalid field. */
  showFieldErrors: (errors: FieldErrors<F>) => void;
  /** Shows a failed request: field errors beside their fields, the rest as the form error. */
  showApiError: (error: ApiError) => void;
  /** Clears one field's error (when the reader edits it). */
  clearField: (field: F) => void;
  /** Clears everything (before sending again). */
  clear: () => void;
  /** Moves focus to a field (for example back to the first field after a save). */
  focus: (field: F) => void;
}

/**
 * Error state of a form whose fields are `labels` (field name -> translated label, in the order
 * the fields appear). Errors use the spec's templates ("A {field} is required", ...) with the
 * field's label; after errors are shown the first invalid field receives focus. Field values are
 * never touched, so nothing typed is lost.
 */
export function useFormErrors<F extends string>(labels: Record<F, string>, options: FormErrorsOptions<F> = {}): FormErrors<F> {
  const messages = useErrorMessages();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const elements = useRef(new Map<F, HTMLElement>());
  const refs = useRef(new Map<F, (element: HTMLElement | null) => void>());
  const pendingFocus = useRef<F | null>(null);
  const latest = useRef({ labels, override: options.override, fieldOf: options.fieldOf });
  useEffect(() => {
    latest.current = { labels, override: options.override, fieldOf: options.fieldOf };
  });

  // Focus after the render that marked the field invalid, so assistive technology reads the error.
  useEffect(() => {
    const field = pendingFocus.current;
    if (field === null) return;
    pendingFocus.current = null;
    elements.current.get(field)?.focus();
  }, [errors]);

  const inputRef = useCallback((field: F) => {
    let ref = refs.current.get(field);
    if (!ref) {
      ref = (element: HTMLElement | null) => {
        if (element) elements.current.set(field, element);
        else elements.current.delete(field);
      };
      refs.current.set(field, ref);
    }
    return ref;
  }, []);

  const message = useCallback(
    (field: F, detail: ApiErrorDetail) => {
      const { labels: current, override } = latest.current;
      return override?.(field, detail) ?? messages.field(detail, current[field] ?? field);
    },
    [messages],
  );

  const showFieldErrors = useCallback((next: FieldErrors<F>) => {
    const order = Object.keys(latest.current.labels) as F[];
    pendingFocus.current = order.find((field) => next[field]) ?? null;
    setErrors(next);
    setFormError(undefined);
  }, []);

  const showApiError = useCallback(
    (error: ApiError) => {
      const { labels: known, fieldOf } = latest.current;
      const next: FieldErrors<F> = {};
      const leftover: ApiErrorDetail[] = [];
      for (const detail of error.details) {
        const field = detail.field === undefined ? undefined : fieldOf ? fieldOf(detail.field) : (detail.field as F);
        if (field && field in known) {
          if (!next[field]) next[field] = message(field, detail);
        } else {
          leftover.push(detail);
        }
      }
      const order = Object.keys(known) as F[];
      pendingFocus.current = order.find((field) => next[field]) ?? null;
      setErrors(next);
      // Whatever is not about a field shown here becomes the form's message.
      let text: string | undefined;
      if (error.status === 429 || error.code === 'too_many_requests') {
        text = messages.request(error);
      } else if (leftover.length > 0) {
        text = leftover.map((detail) => (detail.field ? messages.field(detail, detail.field) : messages.code(detail))).join(' ');
      } else if (Object.keys(next).length === 0) {
        text = messages.request(error);
      }
      setFormError(text);
    },
    [message, messages],
  );

  const clearField = useCallback((field: F) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const copy = { ...current };
      delete copy[field];
      return copy;
    });
  }, []);

  const clear = useCallback(() => {
    setErrors({});
    setFormError(undefined);
  }, []);

  const focus = useCallback((field: F) => elements.current.get(field)?.focus(), []);

  return { errors, formError, inputRef, message, showFieldErrors, showApiError, clearField, clear, focus };
}
