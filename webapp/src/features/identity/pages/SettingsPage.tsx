import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useAuth } from '@/shared/auth';
import { useLocale } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { ButtonLink, FormAlert, SettingsLayout, SettingsSection, SubmitButton, useActionLabel, useDialogs, useErrorMessages, useToast } from '@/shared/ui';
import { useRevokeOtherSessionsMutation, useRevokeSessionMutation, useSessionsQuery, type Session } from '../api';
import { formatDate, formatDateTime } from '../format';
import styles from './SettingsPage.module.css';

function AccountFacts() {
  const { t } = useTranslation('identity');
  const actionLabel = useActionLabel();
  const { locale } = useLocale();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <dl className={styles.facts}>
      <div className={styles.fact}>
        <dt>{t('settings.email')}</dt>
        <dd>
          <span>
            {user.email}
            <span className={`${styles.badge} ${user.emailVerified ? styles.ok : styles.warn}`}>
              {user.emailVerified ? t('settings.verified') : t('settings.notVerified')}
            </span>
          </span>
          <ButtonLink to="/settings/email" size="small" variant="secondary" aria-label={actionLabel(t('settings.change'), t('settings.email'))}>
            {t('settings.change')}
          </ButtonLink>
        </dd>
      </div>
      <div className={styles.fact}>
        <dt>{t('settings.password')}</dt>
        <dd>
          <span>{user.hasPassword ? t('settings.passwordSet') : t('settings.passwordNotSet')}</span>
          <ButtonLink
            to="/settings/password"
            size="small"
            variant="secondary"
            aria-label={user.hasPassword ? actionLabel(t('settings.change'), t('settings.password')) : undefined}
          >
            {user.hasPassword ? t('settings.change') : t('settings.setPassword')}
          </ButtonLink>
        </dd>
      </div>
      {user.googleLinked && (
        <div className={styles.fact}>
          <dt>{t('settings.signInMethods')}</dt>
          <dd>{t('settings.google')}</dd>
        </div>
      )}
      <div className={styles.fact}>
        <dt>{t('settings.memberSince')}</dt>
        <dd>{formatDate(user.createdAt, locale)}</dd>
      </div>
    </dl>
  );
}

function SessionItem({ session }: { session: Session }) {
  const { t } = useTranslation('identity');
  const actionLabel = useActionLabel();
  const { locale } = useLocale();
  const toast = useToast();
  const messages = useErrorMessages();
  const [revoke, { isLoading }] = useRevokeSessionMutation();
  const device = session.device || t('settings.unknownDevice');

  async function onRevoke() {
    try {
      await revoke(session.id).unwrap();
      toast.success(t('settings.revoked', { device }));
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? messages.code({ code: 'invalid_request' }));
    }
  }

  return (
    <li className={styles.session}>
      <div>
        <p className={styles.device}>
          {device}
          {session.current && <span className={`${styles.badge} ${styles.current}`}>{t('settings.thisDevice')}</span>}
        </p>
        <p className={styles.meta}>
          {t('settings.lastActive', { date: formatDateTime(session.lastUsedAt, locale) })}
          {' · '}
          {t('settings.signedInAt', { date: formatDateTime(session.createdAt, locale) })}
        </p>
      </div>
      {!session.current && (
        <SubmitButton
          type="button"
          size="small"
          variant="secondary"
          busy={isLoading}
          aria-label={actionLabel(t('settings.revoke'), device)}
          onClick={onRevoke}
        >
          {t('settings.revoke')}
        </SubmitButton>
      )}
    </li>
  );
}

function Sessions() {
  const { t } = useTranslation('identity');
  const toast = useToast();
  const { confirm } = useDialogs();
  const messages = useErrorMessages();
  const { data: sessions, isLoading, error } = useSessionsQuery();
  const [revokeOthers, { isLoading: revoking }] = useRevokeOtherSessionsMutation();

  async function onRevokeOthers() {
    const ok = await confirm({
      title: t('settings.revokeOthersTitle'),
      message: t('settings.revokeOthersMessage'),
      confirmText: t('settings.revokeOthersConfirm'),
      danger: true,
    });
    if (!ok) return;
    try {
      await revokeOthers().unwrap();
      toast.success(t('settings.revokedOthers'));
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? messages.code({ code: 'invalid_request' }));
    }
  }

  if (isLoading) return <p role="status">{t('settings.sessionsLoading')}</p>;
  if (error) return <FormAlert>{messages.request(toApiError(error))}</FormAlert>;
  // The current session first, then the most recently used.
  const list = [...(sessions ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );
  const others = list.filter((session) => !session.current).length;
  return (
    <>
      <ul className={styles.sessions} aria-label={t('settings.sessions')}>
        {list.map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
      {others > 0 ? (
        <SubmitButton type="button" variant="secondary" busy={revoking} onClick={onRevokeOthers}>
          {t('settings.revokeOthers')}
        </SubmitButton>
      ) : (
        <p className={styles.muted}>{t('settings.onlyThisDevice')}</p>
      )}
    </>
  );
}

/** /settings: the account (email, password), where it is signed in, and deleting it. */
export function SettingsPage() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('settings.title'));
  return (
    <SettingsLayout heading={t('settings.heading')}>
      <SettingsSection id="settings-account" heading={t('settings.account')}>
        <AccountFacts />
      </SettingsSection>
      <SettingsSection id="settings-sessions" heading={t('settings.sessions')}>
        <p className={styles.muted}>{t('settings.sessionsLead')}</p>
        <Sessions />
      </SettingsSection>
      <SettingsSection id="settings-reading" heading={t('settings.readingHeading')}>
        <p className={styles.muted}>{t('settings.readingText')}</p>
        <ButtonLink to="/settings/reading" variant="secondary">
          {t('settings.readingLink')}
        </ButtonLink>
      </SettingsSection>
      <SettingsSection id="settings-reminder" heading={t('settings.reminderHeading')}>
        <p className={styles.muted}>{t('settings.reminderText')}</p>
        <ButtonLink to="/settings/reminder" variant="secondary">
          {t('settings.reminderLink')}
        </ButtonLink>
      </SettingsSection>
      <SettingsSection id="settings-export" heading={t('settings.exportHeading')}>
        <p className={styles.muted}>{t('settings.exportText')}</p>
        <ButtonLink to="/settings/export" variant="secondary">
          {t('settings.exportLink')}
        </ButtonLink>
      </SettingsSection>
      <SettingsSection id="settings-import" heading={t('settings.importHeading')}>
        <p className={styles.muted}>{t('settings.importText')}</p>
        <ButtonLink to="/settings/import" variant="secondary">
          {t('settings.importLink')}
        </ButtonLink>
      </SettingsSection>
      <SettingsSection id="settings-sharing" heading={t('settings.sharingHeading')}>
        <p className={styles.muted}>{t('settings.sharingText')}</p>
        <ButtonLink to="/settings/sharing" variant="secondary">
          {t('settings.sharingLink')}
        </ButtonLink>
      </SettingsSection>
      <SettingsSection id="settings-delete" heading={t('settings.deleteHeading')} tone="danger">
        <p>{t('settings.deleteText')}</p>
        <ButtonLink to="/settings/delete-account" variant="secondary">
          {t('settings.deleteLink')}
        </ButtonLink>
      </SettingsSection>
    </SettingsLayout>
  );
}

