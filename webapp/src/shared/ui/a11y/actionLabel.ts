import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The accessible name of an action shown with a short visible text and needing context: the
 * visible text first, then what it acts on ("Edit: Psalm 23", "Zeigen: Passwort"), so a speech
 * user who says what they see reaches it (WCAG 2.5.3, label in name).
 */
export function useActionLabel(): (action: string, context: string) => string {
  const { t } = useTranslation();
  return useCallback((action: string, context: string) => t('actionOn', { action, target: context }), [t]);
}
