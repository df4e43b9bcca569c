import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '@/shared/auth';
import { i18n, loadNamespaces, useLocale, type Locale } from '@/shared/i18n';
import { withChunkReload } from '@/shared/lib/chunkReload';
import { markReturned, useOpenedOffer } from '@/shared/reader';

// The offer needs the Bible kernel and the log editor: loaded only once there is something to offer.
const JustOpened = lazy(
  withChunkReload(async () => {
    const [{ JustOpened }] = await Promise.all([
      import('@/features/reading-log/justOpened'),
      loadNamespaces(i18n.language as Locale, ['readingLog', 'passagePicker']),
    ]);
    return { default: JustOpened };
  }),
);

/**
 * After a reader follows an Open link (to their Bible app) and comes back to the tab, offers to log
 * the passage. Coming back is the tab becoming visible again or the window regaining focus.
 */
export function JustOpenedHost() {
  const { status } = useAuth();
  const { locale } = useLocale();
  const offer = useOpenedOffer();

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') markReturned();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', markReturned);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', markReturned);
    };
  }, []);

  // After a change of language, the offer's strings in the new one.
  useEffect(() => {
    if (offer) void loadNamespaces(locale, ['readingLog', 'passagePicker']);
  }, [offer, locale]);

  if (status !== 'signedIn' || !offer) return null;
  return (
    <Suspense fallback={null}>
      <JustOpened opening={offer} />
    </Suspense>
  );
}
