import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useAuth, useSignOut } from '@/shared/auth';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { ButtonLink, FormAlert, SettingsLayout, SubmitButton, useDialogs, useToast } from '@/shared/ui';
import { useDeleteAccountMutation } from '../api';
import { PasswordField } from '../components/PasswordField';
import { useIdentityForm } from '../useIdentityForm';
import { checkRequired } from '../validation';
import styles from '../components/Form.module.css';
import pageStyles from './DeleteAccountPage.module.css';

const WHAT_IS_DELETED = ['log', 'notes', 'tags', 'settings', 'account'] as const;

/**
 * /settings/delete-account: says exactly what goes, asks for the password (an account without one
 * needs a recent sign-in instead) and a confirmation, then deletes and signs out.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('deleteAccount.title'));
  const { user } = useAuth();
  const hasPassword = user?.hasPassword ?? true;
  const toast = useToast();
  const { confirm } = useDialogs();
  const signOut = useSignOut();
  const [password, setPassword] = useState('');
  const [remove, { isLoading }] = useDeleteAccountMutation();
  const [signingOut, setSigningOut] = useState(false);
  const form = useIdentityForm<'password'>({ password: t('fields.password') });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading || signingOut) return;
    const problem = hasPassword ? checkRequired(password) : undefined;
    if (problem) {
      form.showFieldErrors({ password: form.message('password', problem) });
      return;
    }
    form.clear();
    const ok = await confirm({
      title: t('deleteAccount.confirmTitle'),
      message: t('deleteAccount.confirmMessage'),
      confirmText: t('deleteAccount.confirmButton'),
      cancelText: t('deleteAccount.keep'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove(hasPassword ? { password } : {}).unwrap();
    } catch (caught) {
      const error = toApiError(caught);
      // An account without a password needs a fresh sign-in; say how to get one.
      if (!hasPassword && error.details.some((detail) => detail.field === 'password' && detail.code === 'required')) {
        form.showApiError({ ...error, details: [{ code: t('deleteAccount.recentSignInNeeded') }] });
      } else {
        form.showApiError(error);
      }
      return;
    }
    setSigningOut(true);
    toast.success(t('deleteAccount.success'));
    // The server has ended the session already.
    await signOut({ callServer: false });
  }

  return (
    <SettingsLayout heading={t('deleteAccount.heading')} back={t('settings.back')}>
      <FormAlert kind="warning" title={t('deleteAccount.warning')}>
        <ul className={pageStyles.list}>
          {WHAT_IS_DELETED.map((item) => (
            <li key={item}>{t(`deleteAccount.${item}`)}</li>
          ))}
        </ul>
      </FormAlert>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {hasPassword ? (
          <>
            <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
            <PasswordField
              ref={form.inputRef('password')}
              label={t('labels.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                form.clearField('password');
              }}
              error={form.errors.password}
              hint={t('deleteAccount.passwordHint')}
            />
          </>
        ) : (
          <p className={styles.muted}>{t('deleteAccount.noPassword')}</p>
        )}
        <div className={styles.actions}>
          <SubmitButton variant="danger" busy={isLoading || signingOut} busyLabel={t('deleteAccount.submitting')}>
            {t('deleteAccount.submit')}
          </SubmitButton>
          <ButtonLink to="/settings" variant="secondary">
            {t('deleteAccount.keep')}
          </ButtonLink>
        </div>
      </form>
    </SettingsLayout>
  );
}
