import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/shared/lib/formats';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { Button, Loading, SettingsLayout, SettingsSection, useDialogs, useToast } from '@/shared/ui';
import { useCreateLinkMutation, useGetSharingQuery, useRevokeLinkMutation, type LinkKind, type LinkState } from '../api';
import styles from './InsightsPage.module.css';

function LinkCard({ kind, heading, text, state, children, readNext }: {
  kind: LinkKind;
  heading: string;
  text: string;
  state: LinkState | null;
  readNext?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('insights');
  const formats = useFormats();
  const toast = useToast();
  const { confirm } = useDialogs();
  const id = useId();
  // The link just made, until the page's state has it too.
  const [made, setMade] = useState('');
  const url = made || state?.url || '';
  const [create, { isLoading: creating }] = useCreateLinkMutation();
  const [revoke, { isLoading: revoking }] = useRevokeLinkMutation();
  const { refetch } = useGetSharingQuery();

  async function onCreate() {
    if (state && !(await confirm({ title: t('sharing.rotateTitle'), message: t('sharing.rotateText'), confirmText: t('sharing.rotate') }))) return;
    try {
      const out = await create({ kind, readNext }).unwrap();
      setMade(out.url);
      toast.success(t('sharing.created'));
      void refetch();
    } catch {
      toast.error(t('sharing.failed'));
    }
  }

  async function onRevoke() {
    if (!(await confirm({ title: t('sharing.revokeTitle'), message: t('sharing.revokeText'), confirmText: t('sharing.revoke'), danger: true }))) return;
    try {
      await revoke(kind).unwrap();
      setMade('');
      toast.success(t('sharing.revoked'));
      void refetch();
    } catch {
      toast.error(t('sharing.failed'));
    }
  }

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('sharing.copied'));
    } catch {
      document.getElementById(`${id}-url`)?.focus();
    }
  }

  return (
    <SettingsSection id={id} heading={heading}>
      <p>{text}</p>
      {children}
      <p className={styles.lead}>{state ? t('sharing.active', { date: formats.date(state.createdAt.slice(0, 10)) }) : t('sharing.inactive')}</p>
      {state && !url ? <p>{t('sharing.notShownAgain')}</p> : null}
      {url ? (
        <div className={styles.url}>
          <label htmlFor={`${id}-url`}>{t('sharing.url')}</label>
          <input id={`${id}-url`} readOnly value={url} onFocus={(e) => e.target.select()} />
          <Button variant="secondary" size="small" onClick={() => void onCopy()}>
            {t('sharing.copy')}
          </Button>
          {kind === 'progress-link' ? (
            <img src={`${url}/badge.svg`} alt={t('sharing.badge')} height={20} />
          ) : null}
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => void onCreate()} disabled={creating}>
          {state ? t('sharing.rotate') : t('sharing.create')}
        </Button>
        {state ? (
          <Button variant="secondary" onClick={() => void onRevoke()} disabled={revoking}>
            {t('sharing.revoke')}
          </Button>
        ) : null}
      </div>
    </SettingsSection>
  );
}

/** /settings/sharing: the secret calendar feed and the public progress link. */
export function SharingPage() {
  const { t } = useTranslation('insights');
  useDocumentTitle(t('sharing.title'));
  const { data, isLoading } = useGetSharingQuery();
  const [readNext, setReadNext] = useState(true);

  return (
    <SettingsLayout heading={t('sharing.heading')} lead={t('sharing.lead')} back={t('sharing.back')}>
      {isLoading || !data ? (
        <Loading>{t('sharing.loading')}</Loading>
      ) : (
        <>
          <LinkCard kind="calendar-feed" heading={t('sharing.calendarHeading')} text={t('sharing.calendarText')} state={data.calendarFeed} readNext={readNext}>
            <label className={styles.check}>
              <input type="checkbox" checked={readNext} onChange={(e) => setReadNext(e.target.checked)} />
              {t('sharing.readNext')}
            </label>
          </LinkCard>
          <LinkCard kind="progress-link" heading={t('sharing.progressHeading')} text={t('sharing.progressText')} state={data.progressLink} />
        </>
      )}
    </SettingsLayout>
  );
}
