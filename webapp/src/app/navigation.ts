import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from './layout/types';

/**
 * The navigation bar's items. Features contribute pages; this file decides what the bar shows.
 * A signed-in variant (Today, Bible books, Chapter checklist, Calendar, Notes, About, Settings,
 * Log Out and, for admins, an Admin menu) is returned here once sign-in exists.
 */
export function useNavItems(): { items: NavItem[]; homeTo: string } {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      homeTo: '/',
      items: [
        { kind: 'link', id: 'about', to: '/about', label: t('nav.about') },
        { kind: 'link', id: 'register', to: '/register', label: t('nav.signUp'), emphasis: 'primary' },
        { kind: 'link', id: 'login', to: '/login', label: t('nav.signIn'), emphasis: 'subtle' },
      ],
    }),
    [t],
  );
}
