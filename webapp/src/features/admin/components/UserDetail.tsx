import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useAuth } from '@/shared/auth';
import { useFormats } from '@/shared/lib/formats';
import { Button, FormAlert, LoadError, Loading, Modal, ModalActions, ModalTitle, SubmitButton, TextField, useDialogs, useErrorMessages, useFormErrors, useToast } from '@/shared/ui';
import {
  useDeleteUserMutation,
  useGetUserQuery,
  useResendVerificationMutation,
  useSetAdminMutation,
  useSignOutEverywhereMutation,
  type AdminUserDetail,
} from '../api';
import styles from './admin.module.css';
import { useDateTime } from './useDateTime';

/** One account: facts and counts, never content, and the actions an admin may take on it. */
export function UserDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { data, isError, refetch } = useGetUserQuery(id);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.detail}>
      <div className={styles.detailHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {data ? data.email : t('detail.title')}
        </h2>
        <Button variant="ghost" size="small" onClick={onClose}>
          {t('detail.close')}
        </Button>
      </div>
      {!data && isError && <LoadError message={t('state.error')} retryLabel={t('state.retry')} onRetry={() => void refetch()} />}
      {!data && !isError && <Loading>{t('state.loading')}</Loading>}
      {data && <Facts user={data} />}
      {data && <Actions user={data} onDeleted={onClose} />}
    </section>
  );
}

function Facts({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const fmt = useFormats();
  const dateTime = useDateTime();
  const rows: [string, string][] = [
    [t('detail.email'), user.email],
    [t('detail.created'), dateTime(user.createdAt)],
    [t('detail.verified'), user.emailVerified ? t('detail.yes') : t('detail.no')],
    [t('detail.methods'), user.signInMethods.length ? user.signInMethods.map((m) => t(`detail.method.${m}`)).join(', ') : t('detail.none')],
    [t('detail.lastActive'), user.lastActiveAt ? dateTime(user.lastActiveAt) : t('users.never')],
    [t('detail.admin'), user.isAdmin ? t('detail.yes') : t('detail.no')],
    [t('detail.sessions'), fmt.integer(user.sessions)],
    [t('detail.entries'), fmt.integer(user.counts.entries)],
    [t('detail.notes'), fmt.integer(user.counts.notes)],
    [t('detail.tags'), fmt.integer(user.counts.tags)],
    [t('detail.feedback'), fmt.integer(user.counts.feedback)],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Actions({ user, onDeleted }: { user: AdminUserDetail; onDeleted: () => void }) {
  const { t } = useTranslation('admin');
  const { user: me } = useAuth();
  const { confirm } = useDialogs();
  const toast = useToast();
  const messages = useErrorMessages();
  const [setAdmin, adminState] = useSetAdminMutation();
  const [resend, resendState] = useResendVerificationMutation();
  const [signOut, signOutState] = useSignOutEverywhereMutation();
  const [deleting, setDeleting] = useState(false);
  const busy = adminState.isLoading || resendState.isLoading || signOutState.isLoading;
  const own = me?.id === user.id;
  const email = user.email;

  async function run(done: string, call: () => Promise<unknown>) {
    try {
      await call();
      toast.success(done);
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('detail.failed'));
    }
  }

  async function toggleAdmin() {
    const key = user.isAdmin ? 'confirmRevoke' : 'confirmGrant';
    const ok = await confirm({
      title: t(`detail.${key}.title`, { email }),
      message: t(`detail.${key}.message`),
      confirmText: t(`detail.${key}.confirm`),
      cancelText: t('detail.cancel'),
      danger: user.isAdmin,
    });
    if (!ok) return;
    await run(t(user.isAdmin ? 'detail.done.revoke' : 'detail.done.grant', { email }), () =>
      setAdmin({ id: user.id, isAdmin: !user.isAdmin }).unwrap(),
    );
  }

  async function signOutEverywhere() {
    const ok = await confirm({
      title: t('detail.confirmSignOut.title', { email }),
      message: t('detail.confirmSignOut.message'),
      confirmText: t('detail.confirmSignOut.confirm'),
      cancelText: t('detail.cancel'),
      danger: true,
    });
    if (ok) await run(t('detail.done.signOut', { email }), () => signOut(user.id).unwrap());
  }

  return (
    <div className={styles.actions} role="group" aria-label={t('detail.actions')}>
      <Button variant="secondary" size="small" disabled={busy} onClick={() => void toggleAdmin()}>
        {user.isAdmin ? t('detail.revoke') : t('detail.grant')}
      </Button>
      {!user.emailVerified && (
        <Button variant="secondary" size="small" disabled={busy} onClick={() => void run(t('detail.done.resend', { email }), () => resend(user.id).unwrap())}>
          {t('detail.resend')}
        </Button>
      )}
      <Button variant="secondary" size="small" disabled={busy} onClick={() => void signOutEverywhere()}>
        {t('detail.signOut')}
      </Button>
      {own ? (
        <p className={styles.note}>{t('detail.ownAccount')}</p>
      ) : (
        <Button variant="danger" size="small" disabled={busy} onClick={() => setDeleting(true)}>
          {t('detail.delete')}
        </Button>
      )}
      {deleting && <DeleteDialog user={user} onClose={() => setDeleting(false)} onDeleted={onDeleted} />}
    </div>
  );
}

/** Deleting asks for the account's address, typed out. */
function DeleteDialog({ user, onClose, onDeleted }: { user: AdminUserDetail; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const id = useId();
  const [typed, setTyped] = useState('');
  const form = useFormErrors<'confirmEmail'>({ confirmEmail: t('detail.deleteDialog.label') });
  const [remove, { isLoading: busy }] = useDeleteUserMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    form.clear();
    if (typed.trim().toLowerCase() !== user.email.toLowerCase()) {
      form.showFieldErrors({ confirmEmail: t('detail.deleteDialog.mismatch', { email: user.email }) });
      return;
    }
    try {
      await remove({ id: user.id, confirmEmail: typed.trim() }).unwrap();
      toast.success(t('detail.done.delete'));
      onClose();
      onDeleted();
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  return (
    // The typed address, the dialog's first control, receives focus when it opens.
    <Modal labelledBy={titleId} describedBy={textId} role="alertdialog" onCancel={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <ModalTitle id={titleId}>{t('detail.deleteDialog.title', { email: user.email })}</ModalTitle>
        <p id={textId}>{t('detail.deleteDialog.message')}</p>
        <TextField
          ref={form.inputRef('confirmEmail')}
          label={t('detail.deleteDialog.label')}
          hint={user.email}
          value={typed}
          error={form.errors.confirmEmail}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setTyped(event.target.value);
            form.clearField('confirmEmail');
          }}
        />
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('detail.cancel')}
          </Button>
          <SubmitButton busy={busy} variant="danger">
            {t('detail.deleteDialog.confirm')}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
