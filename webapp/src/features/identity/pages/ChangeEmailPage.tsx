import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useAuth } from '@/shared/auth';
import { useLocaleNavigate } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { FormAlert, SettingsLayout, SubmitButton, useToast } from '@/shared/ui';
import { useConfirmEmailChangeMutation, useRequestEmailChangeMutation } from '../api';
import { CodeField } from '../components/CodeField';
import { EmailField } from '../components/EmailField';
import { PasswordField } from '../components/PasswordField';
import { WithStrong } from '../components/Strong';
import { useIdentityForm } from '../useIdentityForm';
import { checkCode, checkEmail, checkRequired } from '../validation';
import styles from '../components/Form.module.css';

// The address waiting for its code survives a reload (and /change-email leads here).
const PENDING_KEY = 'lamplight:email-change';

function readPending(): string | null {
  try {
    return sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

function writePending(email: string | null): void {
  try {
    if (email) sessionStorage.setItem(PENDING_KEY, email);
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Without storage the code step lasts until the page is left.
  }
}

/** /settings/email: send a code to the new address, then confirm it with that code. */
export function ChangeEmailPage() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('changeEmail.title'));
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useLocaleNavigate();
  const [pending, setPending] = useState<string | null>(readPending);
  const [email, setEmail] = useState(pending ?? '');
  const [code, setCode] = useState('');
  // Kept for "Send a new code" in this page only, never stored.
  const [password, setPassword] = useState('');
  const hasPassword = user?.hasPassword ?? true;
  const [notice, setNotice] = useState<string | undefined>();
  const [request, { isLoading: requesting }] = useRequestEmailChangeMutation();
  const [confirmChange, { isLoading: confirming }] = useConfirmEmailChangeMutation();
  const form = useIdentityForm<'email' | 'code' | 'password'>({
    email: t('fields.email'),
    code: t('fields.code'),
    password: t('fields.currentPassword'),
  });

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    if (requesting) return;
    const problem = checkEmail(email);
    const passwordProblem = hasPassword ? checkRequired(password) : undefined;
    if (problem || passwordProblem) {
      form.showFieldErrors({
        ...(problem ? { email: form.message('email', problem) } : {}),
        ...(passwordProblem ? { password: form.message('password', passwordProblem) } : {}),
      });
      return;
    }
    form.clear();
    setNotice(undefined);
    try {
      const sent = await request({ email: email.trim(), ...(hasPassword ? { password } : {}) }).unwrap();
      const address = sent.email || email.trim();
      if (pending) setNotice(t('changeEmail.resent', { email: address }));
      writePending(address);
      setPending(address);
      setCode('');
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (confirming) return;
    const problem = checkCode(code);
    if (problem) {
      form.showFieldErrors({ code: form.message('code', problem) });
      return;
    }
    form.clear();
    setNotice(undefined);
    try {
      const updated = await confirmChange({ code }).unwrap();
      writePending(null);
      toast.success(t('changeEmail.success', { email: updated.email }));
      navigate('/settings');
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  const current = user ? (
    <WithStrong text={t('changeEmail.current', { email: user.email })} />
  ) : undefined;

  if (pending) {
    return (
      <SettingsLayout heading={t('changeEmail.heading')} lead={current} back={t('settings.back')}>
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        {notice && <FormAlert kind="info">{notice}</FormAlert>}
        <p>
          <WithStrong text={t('changeEmail.codeLead', { email: pending })} />
        </p>
        <form className={styles.form} onSubmit={confirm} noValidate>
          <CodeField
            ref={form.inputRef('code')}
            name="code"
            value={code}
            onValueChange={(next) => {
              setCode(next);
              form.clearField('code');
            }}
            error={form.errors.code}
          />
          <div className={styles.actions}>
            <SubmitButton busy={confirming} busyLabel={t('changeEmail.confirming')}>
              {t('changeEmail.confirm')}
            </SubmitButton>
            {/* After a reload the password is gone: asking again happens on the address step. */}
            {(!hasPassword || password !== '') && (
              <SubmitButton type="button" variant="secondary" busy={requesting} onClick={() => void sendCode()}>
                {t('changeEmail.resend')}
              </SubmitButton>
            )}
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                writePending(null);
                setPending(null);
                setCode('');
                form.clear();
                setNotice(undefined);
              }}
            >
              {t('changeEmail.otherAddress')}
            </button>
          </div>
        </form>
      </SettingsLayout>
    );
  }

  return (
    <SettingsLayout heading={t('changeEmail.heading')} lead={current} back={t('settings.back')}>
      <p>{t('changeEmail.lead')}</p>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <form className={styles.form} onSubmit={sendCode} noValidate>
        <EmailField form={form} label={t('labels.newEmail')} value={email} onValueChange={setEmail} />
        {hasPassword && (
          <PasswordField
            ref={form.inputRef('password')}
            label={t('labels.currentPassword')}
            name="current-password"
            autoComplete="current-password"
            hint={t('changeEmail.passwordHint')}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              form.clearField('password');
            }}
            error={form.errors.password}
          />
        )}
        <div className={styles.actions}>
          <SubmitButton busy={requesting} busyLabel={t('changeEmail.submitting')}>
            {t('changeEmail.submit')}
          </SubmitButton>
        </div>
      </form>
    </SettingsLayout>
  );
}
