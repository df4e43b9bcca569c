import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { browserTimeZone, safeReturnPath, withReturnTo } from '@/shared/auth';
import { LocaleLink, useLocale, useLocaleNavigate } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { FormAlert, SubmitButton, type FieldErrors } from '@/shared/ui';
import { useLoginMutation } from '../api';
import { markCodeSent } from '../codeSent';
import { AuthCard } from '../components/AuthCard';
import { EmailField } from '../components/EmailField';
import { GoogleButton } from '../components/GoogleButton';
import { PasswordField } from '../components/PasswordField';
import { useIdentityForm } from '../useIdentityForm';
import { checkEmail, checkRequired } from '../validation';
import styles from '../components/Form.module.css';

type Field = 'email' | 'password';

/** /login: email and password, a way to reset the password, Google when it is on. */
export function LoginPage() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('login.title'));
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const { locale } = useLocale();
  const navigate = useLocaleNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const [login, { isLoading }] = useLoginMutation();
  const form = useIdentityForm<Field>({ email: t('fields.email'), password: t('fields.password') });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const errors: FieldErrors<Field> = {};
    const emailProblem = checkEmail(email);
    if (emailProblem) errors.email = form.message('email', emailProblem);
    const passwordProblem = checkRequired(password);
    if (passwordProblem) errors.password = form.message('password', passwordProblem);
    if (errors.email || errors.password) {
      form.showFieldErrors(errors);
      return;
    }
    form.clear();
    try {
      // On success the user is stored and the guest-page guard moves on to returnTo or /today.
      await login({ email: email.trim(), password, locale, timeZone: browserTimeZone() }).unwrap();
    } catch (caught) {
      const error = toApiError(caught);
      const verify = error.details.find((detail) => detail.code === 'verify_email');
      if (verify) {
        const address = typeof verify.properties?.email === 'string' ? verify.properties.email : email.trim();
        // The server has just sent a new code (at most once per cooldown).
        markCodeSent('verify', address);
        navigate(withReturnTo('/verify-email', returnTo, { email: address }));
        return;
      }
      form.showApiError(error);
      if (error.details.some((detail) => detail.code === 'invalid_login')) passwordRef.current?.focus();
    }
  }

  const forgotLink = email.trim() ? `/reset-password?${new URLSearchParams({ email: email.trim() })}` : '/reset-password';

  return (
    <AuthCard
      heading={t('login.heading')}
      lead={t('login.lead')}
      footer={
        <p>
          {t('login.noAccount')} <LocaleLink to={withReturnTo('/register', returnTo)}>{t('login.register')}</LocaleLink>
        </p>
      }
    >
      {form.formError ? (
        <FormAlert>{form.formError}</FormAlert>
      ) : (
        returnTo && <FormAlert kind="info">{t('login.signInToContinue')}</FormAlert>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <EmailField form={form} autoComplete="username" value={email} onValueChange={setEmail} />
        <PasswordField
          ref={(element) => {
            passwordRef.current = element;
            form.inputRef('password')(element);
          }}
          label={t('labels.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clearField('password');
          }}
          error={form.errors.password}
        />
        <p className={styles.rowEnd}>
          <LocaleLink to={forgotLink}>{t('login.forgot')}</LocaleLink>
        </p>
        <SubmitButton className={styles.wide} busy={isLoading} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
      </form>
      <GoogleButton returnTo={returnTo} />
    </AuthCard>
  );
}
