import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorDetail } from '@/shared/api';
import { useFormErrors, type FormErrors } from '@/shared/ui';

/**
 * useFormErrors with identity's wording: a few field errors read better in their own words
 * ("An email address is required"); the rest use the common templates with the field's label.
 */
export function useIdentityForm<F extends string>(labels: Record<F, string>): FormErrors<F> {
  const { t, i18n } = useTranslation('identity');
  const override = useCallback(
    (field: F, detail: ApiErrorDetail) => {
      const key = `fieldErrors.${field}.${detail.code}`;
      // Dynamic keys: only those present in identity.json are used.
      return i18n.exists(key, { ns: 'identity' }) ? (t as (key: string) => string)(key) : undefined;
    },
    [t, i18n],
  );
  return useFormErrors(labels, { override });
}
