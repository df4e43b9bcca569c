import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, ApiErrorDetail, ErrorCode } from '@/shared/api';
import { LOCALE_INFO, isLocale } from '@/shared/i18n';

const FIELD_KINDS = ['required', 'is_invalid', 'unique', 'min_length', 'max_length', 'review'] as const satisfies readonly ErrorCode[];
type FieldKind = (typeof FIELD_KINDS)[number];
/** The codes with a message of their own; the type check fails when English lacks one. */
type ApiCode = Exclude<ErrorCode, FieldKind>;

const isFieldKind = (code: string): code is FieldKind => (FIELD_KINDS as readonly string[]).includes(code);

/** "in 5 minutes", "dans 5 minutes", "через 5 хвилин": the wait before another try. */
export function formatRetryAfter(seconds: number, languageTag: string): string {
  const format = new Intl.RelativeTimeFormat(languageTag, { numeric: 'always' });
  if (seconds < 60) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

export interface ErrorMessages {
  /**
   * The message for a field's error: a field kind with the field's (translated) label,
   * an api_error code in its own words, or an unknown code shown as is.
   */
  field(detail: ApiErrorDetail, label: string): string;
  /** The message for an api_error code (a detail without a field, for example invalid_login). */
  code(detail: ApiErrorDetail): string;
  /**
   * One message about the whole request: its first detail without a field, a 429 with the wait,
   * or a status-based fallback. Undefined when field messages say it all.
   */
  request(error: ApiError): string | undefined;
}

/** Turns API errors into the user's language (templates in common: validation, apiError, requestError). */
export function useErrorMessages(): ErrorMessages {
  const { t, i18n } = useTranslation();
  const languageTag = isLocale(i18n.language) ? LOCALE_INFO[i18n.language].tag : 'en-US';

  const code = useCallback(
    (detail: ApiErrorDetail): string => {
      // A code this build does not know (a newer server) is shown as it is.
      if (!isFieldKind(detail.code) && i18n.exists(`apiError.${detail.code}`)) {
        const email = typeof detail.properties?.email === 'string' ? detail.properties.email : '';
        return t(`apiError.${detail.code as ApiCode}`, { email });
      }
      return detail.code;
    },
    [t, i18n],
  );

  const field = useCallback(
    (detail: ApiErrorDetail, label: string): string => {
      if (isFieldKind(detail.code)) {
        const props = detail.properties ?? {};
        return t(`validation.${detail.code}`, {
          field: label,
          minlength: props.minlength ?? props.minLength ?? '',
          maxlength: props.maxlength ?? props.maxLength ?? '',
        });
      }
      return code(detail);
    },
    [t, code],
  );

  const request = useCallback(
    (error: ApiError): string | undefined => {
      if (error.status === 429 || error.code === 'too_many_requests') {
        return error.retryAfterSeconds !== undefined
          ? t('requestError.tooManyRequestsRetry', { when: formatRetryAfter(error.retryAfterSeconds, languageTag) })
          : t('apiError.too_many_requests');
      }
      const general = error.details.find((detail) => !detail.field);
      if (general) return code(general);
      if (error.details.length > 0) return undefined;
      if (error.status === 'network') return t('requestError.network');
      if (error.status >= 500) return t('requestError.server');
      if (error.status === 401) return t('requestError.unauthenticated');
      if (error.status === 403) return t('error.forbidden');
      if (error.status === 400) return t('apiError.invalid_request');
      return t('requestError.unknown');
    },
    [t, code, languageTag],
  );

  return useMemo(() => ({ field, code, request }), [field, code, request]);
}
