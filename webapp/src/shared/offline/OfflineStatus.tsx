import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { toApiError } from '@/shared/api';
import { Button, useErrorMessages } from '@/shared/ui';
import type { Change } from './changes';
import { offlineState } from './slice';
import { dismissRejection } from './sync';
import styles from './OfflineStatus.module.css';

const ENTRY_KINDS: Change['kind'][] = ['updateEntry', 'deleteEntry'];
const NOTE_KINDS: Change['kind'][] = ['updateNote', 'deleteNote'];

/** The server's reason for refusing a change, in the reader's words. */
function useReason(): (change: Change) => string {
  const { t } = useTranslation();
  const messages = useErrorMessages();
  return (change) => {
    const rejection = change.rejected!;
    if (rejection.status === 404 && ENTRY_KINDS.includes(change.kind)) return t('offline.deletedElsewhere.entry');
    if (rejection.status === 404 && NOTE_KINDS.includes(change.kind)) return t('offline.deletedElsewhere.note');
    const error = toApiError(rejection);
    const reason = messages.request(error) ?? error.details.map((detail) => messages.field(detail, detail.field ?? '')).join(' ');
    return t(`offline.rejected.${change.kind}`, { reason });
  };
}

/**
 * The shell's quiet word on the connection: "Offline", how many changes wait to be sent, and each
 * change the server refused, with its reason, until the reader dismisses it.
 */
export function OfflineStatus() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { online, waiting, rejected } = useSelector(offlineState);
  const reason = useReason();
  if (online && waiting.length === 0 && rejected.length === 0) return null;
  return (
    <div className={styles.status}>
      {(!online || waiting.length > 0) && (
        <p role="status" className={styles.pill}>
          {!online && <span>{t('offline.offline')}</span>}
          {waiting.length > 0 && <span>{t('offline.waiting', { count: waiting.length })}</span>}
        </p>
      )}
      {rejected.map((change) => (
        <div key={change.seq} role="alert" className={styles.rejected}>
          <p>{reason(change)}</p>
          <Button size="small" variant="secondary" onClick={() => void dismissRejection(dispatch, change.seq!)}>
            {t('offline.dismiss')}
          </Button>
        </div>
      ))}
    </div>
  );
}
