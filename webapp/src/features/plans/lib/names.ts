import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryPlan } from '@/shared/readmodels';

/**
 * A library plan's name and description in the reader's language (the server keeps them in
 * English); any other plan keeps the name it was given.
 */
export function usePlanText() {
  const { t } = useTranslation('plans');
  const name = useCallback((source: string, given: string) => {
    const id = libraryPlan(source);
    return id ? t(`templates.${id}.name`) : given;
  }, [t]);
  const description = useCallback((source: string, given: string) => {
    const id = libraryPlan(source);
    return id ? t(`templates.${id}.description`) : given;
  }, [t]);
  return { name, description };
}
