import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useAuth, useSignOut } from '@/shared/auth';
import { offlineState } from '@/shared/offline';
import { useDialogs } from '@/shared/ui';
import type { NavItem } from './layout/types';

/**
 * The navigation bar's items. Signed in: Today, Plans, Bible books, Chapter checklist, Calendar, Notes,
 * Insights, About, Settings, (Admin menu for admins), Log Out. Signed out: About, Sign Up, Sign In. While
 * it is not known yet who is signed in, the bar stays empty rather than flashing the wrong set.
 */
/** Log Out, asking first when changes made offline have not been sent: signing out deletes them. */
function useLogOut(): () => Promise<void> {
  const { t } = useTranslation();
  const store = useStore();
  const { confirm } = useDialogs();
  const signOut = useSignOut();
  return useCallback(async () => {
    const count = offlineState(store.getState()).waiting.length;
    if (count > 0) {
      const ok = await confirm({
        title: t('offline.signOutTitle'),
        message: t('offline.signOutMessage', { count }),
        confirmText: t('offline.signOutConfirm'),
        danger: true,
      });
      if (!ok) return;
    }
    await signOut();
  }, [t, store, confirm, signOut]);
}

export function useNavItems(): { items: NavItem[]; homeTo: string } {
  const { t } = useTranslation();
  const { status, isAdmin } = useAuth();
  const signOut = useLogOut();
  return useMemo(() => {
    if (status === 'loading') return { homeTo: '/', items: [] };
    if (status !== 'signedIn') {
      return {
        homeTo: '/',
        items: [
          { kind: 'link', id: 'about', to: '/about', label: t('nav.about') },
          { kind: 'link', id: 'register', to: '/register', label: t('nav.signUp'), emphasis: 'primary' },
          { kind: 'link', id: 'login', to: '/login', label: t('nav.signIn'), emphasis: 'subtle' },
        ],
      };
    }
    const items: NavItem[] = [
      { kind: 'link', id: 'today', to: '/today', label: t('nav.today') },
      { kind: 'link', id: 'plans', to: '/plans', label: t('nav.plans') },
      { kind: 'link', id: 'books', to: '/books', label: t('nav.books') },
      { kind: 'link', id: 'checklist', to: '/checklist', label: t('nav.checklist') },
      { kind: 'link', id: 'calendar', to: '/calendar', label: t('nav.calendar') },
      { kind: 'link', id: 'notes', to: '/notes', label: t('nav.notes') },
      { kind: 'link', id: 'insights', to: '/insights', label: t('nav.insights') },
      { kind: 'link', id: 'about', to: '/about', label: t('nav.about') },
      { kind: 'link', id: 'settings', to: '/settings', label: t('nav.settings') },
    ];
    if (isAdmin) {
      items.push({
        kind: 'menu',
        id: 'admin',
        label: t('nav.admin'),
        items: [
          { kind: 'link', id: 'admin-users', to: '/admin/users', label: t('nav.adminUsers') },
          { kind: 'link', id: 'admin-feedback', to: '/admin/feedback', label: t('nav.adminFeedback') },
          { kind: 'link', id: 'admin-engagement', to: '/admin/engagement', label: t('nav.adminEngagement') },
        ],
      });
    }
    items.push({ kind: 'action', id: 'logout', label: t('nav.logOut'), onSelect: () => void signOut() });
    return { homeTo: '/today', items };
  }, [t, status, isAdmin, signOut]);
}
