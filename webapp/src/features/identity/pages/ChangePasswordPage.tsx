import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useAuth } from '@/shared/auth';
import { useLocaleNavigate } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { FormAlert, SettingsLayout, SubmitButton, useToast, type FieldErrors } from '@/shared/ui';
import { useAuthConfigQuery, useChangePasswordMutation } from '../api';
import { PasswordField } from '../components/PasswordField';
import { useIdentityForm } from '../useIdentityForm';
import { checkPassword, checkRequired, PASSWORD_MAX_BYTES, PASSWORD_MIN_BYTES } from '../validation';
import styles from '../components/Form.module.css';

type Field = 'currentPassword' | 'newPassword';

/** /settings/password: the current password and a new one; other devices are signed out. */
export function ChangePasswordPage() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('changePassword.title'));
  const { user } = useAuth();
  const hasPassword = user?.hasPassword ?? true;
  const toast = useToast();
  const navigate = useLocaleNavigate();
  const { data: config } = useAuthConfigQuery();
  const min = config?.passwordMinLength ?? PASSWORD_MIN_BYTES;
  const max = config?.passwordMaxLength ?? PASSWORD_MAX_BYTES;
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [change, { isLoading }] = useChangePasswordMutation();
  const form = useIdentityForm<Field>({
    currentPassword: t('fields.currentPassword'),
    newPassword: t('fields.newPassword'),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const errors: FieldErrors<Field> = {};
    const currentProblem = hasPassword ? checkRequired(currentPassword) : undefined;
    if (currentProblem) errors.currentPassword = form.message('currentPassword', currentProblem);
    const newProblem = checkPassword(newPassword, min, max);
    if (newProblem) errors.newPassword = form.message('newPassword', newProblem);
    if (errors.currentPassword || errors.newPassword) {
      form.showFieldErrors(errors);
      return;
    }
    form.clear();
    try {
      await change({ currentPassword, newPassword }).unwrap();
      toast.success(t('changePassword.success'));
      navigate('/settings');
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  return (
    <SettingsLayout
      heading={hasPassword ? t('changePassword.heading') : t('changePassword.headingSet')}
      lead={hasPassword ? t('changePassword.lead') : t('changePassword.leadSet')}
      back={t('settings.back')}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
        {hasPassword && (
          <PasswordField
            ref={form.inputRef('currentPassword')}
            label={t('labels.currentPassword')}
            name="current-password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => {
              setCurrentPassword(event.target.value);
              form.clearField('currentPassword');
            }}
            error={form.errors.currentPassword}
          />
        )}
        <PasswordField
          ref={form.inputRef('newPassword')}
          label={t('labels.newPassword')}
          name="new-password"
          autoComplete="new-password"
          value={newPassword}
          showRules
          min={min}
          max={max}
          onChange={(event) => {
            setNewPassword(event.target.value);
            form.clearField('newPassword');
          }}
          error={form.errors.newPassword}
        />
        <div className={styles.actions}>
          <SubmitButton busy={isLoading} busyLabel={t('changePassword.submitting')}>
            {hasPassword ? t('changePassword.submit') : t('changePassword.submitSet')}
          </SubmitButton>
        </div>
      </form>
    </SettingsLayout>
  );
}
