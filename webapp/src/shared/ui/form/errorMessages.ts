import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, ApiErrorDetail } from '@/shared/api';
import { LOCALE_INFO, isLocale } from '@/shared/i18n';

const FIELD_KINDS = ['required', 'is_invalid', 'unique', 'min_length', 'max_length', 'review'] as const;
type FieldKind = (typeof FIELD_KINDS)[number];

const API_CODES = [
  'invalid_login',
  'verify_email',
  'new_email_required',
  'email_in_use',
  'password_incorrect',
  'account_not_found',
  'password_reset_link_expired',
  'too_many_requests',
  'invalid_request',
  'email_not_verified',
  'verification_code_expired',
  'google_not_configured',
  'session_not_found',
  'cross_origin_request',
] as const;
type ApiCode = (typeof API_CODES)[number];

const isFieldKind = (code: string): code is FieldKind => (FIELD_KINDS as readonly string[]).includes(code);
const isApiCode = (code: string): code is ApiCode => (API_CODES as readonly string[]).includes(code);

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
      if (isApiCode(detail.code)) {
        const email = typeof detail.properties?.email === 'string' ? detail.properties.email : '';
        return t(`apiError.${detail.code}`, { email });
      }
      return detail.code;
    },
    [t],
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
