import { QueryStatus } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { FeedbackButton } from '@/features/feedback';
import { useAuth } from '@/shared/auth';
import { PwaNotices } from '@/shared/pwa';
import { ProgressBar } from '@/shared/ui';
import { useAppSelector } from './hooks';
import type { RootState } from './store';
import { Layout } from './layout/Layout';
import { JustOpenedHost } from './JustOpenedHost';
import { LogEditorHost } from './LogEditorHost';
import { useNavItems } from './navigation';
import { ReaderStartup } from './ReaderStartup';
import { SessionEffects } from './SessionEffects';

function selectApiBusy(state: RootState): boolean {
  const pending = (entry: { status: QueryStatus } | undefined) => entry?.status === QueryStatus.pending;
  return Object.values(state.api.queries).some(pending) || Object.values(state.api.mutations).some(pending);
}

/** Shows the progress bar while the router navigates or any API request is in flight. */
export function LoadingBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const apiBusy = useAppSelector(selectApiBusy);
  return <ProgressBar active={navigation.state !== 'idle' || apiBusy} label={t('loading')} />;
}

/** Shown while the first page's data (the locale's translations) loads. */
export function HydrateFallback() {
  const { t } = useTranslation();
  return <ProgressBar active label={t('loading')} />;
}

/** The element of each locale's root route: layout around the matched page. */
export function AppShell() {
  const { items, homeTo } = useNavItems();
  const { status } = useAuth();
  return (
    <>
      <LoadingBar />
      <SessionEffects />
      <ReaderStartup />
      <Layout navItems={items} homeTo={homeTo} aside={status === 'signedIn' ? <FeedbackButton /> : undefined}>
        <JustOpenedHost />
        <LogEditorHost />
        <Outlet />
      </Layout>
      <PwaNotices offerInstall={status === 'signedIn'} />
    </>
  );
}
