import { lazy, Suspense } from 'react';
import { useAuth } from '@/shared/auth';
import { i18n, loadNamespaces, type Locale } from '@/shared/i18n';
import { withChunkReload } from '@/shared/lib/chunkReload';
import { useLogEditorRequest } from '@/shared/reader';

// The editor needs the Bible kernel and the reading log's texts: loaded when first asked for.
const LogEditor = lazy(
  withChunkReload(async () => {
    const [{ LogEditor }] = await Promise.all([
      import('@/features/reading-log/logEditor'),
      loadNamespaces(i18n.language as Locale, ['readingLog', 'passagePicker']),
    ]);
    return { default: LogEditor };
  }),
);

/** Shows the reading log's editor for a draft asked for by a screen of another feature (openLogEditor). */
export function LogEditorHost() {
  const { status } = useAuth();
  const draft = useLogEditorRequest();
  if (status !== 'signedIn' || !draft) return null;
  return (
    <Suspense fallback={null}>
      <LogEditor draft={draft} />
    </Suspense>
  );
}
