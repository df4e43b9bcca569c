import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { browserTimeZone, safeReturnPath, withReturnTo } from '@/shared/auth';
import { LocaleLink, useLocale, useLocaleNavigate } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { FormAlert, SubmitButton, useToast, type FieldErrors } from '@/shared/ui';
import { useAuthConfigQuery, useRegisterMutation } from '../api';
import { markCodeSent } from '../codeSent';
import { AuthCard } from '../components/AuthCard';
import { EmailField } from '../components/EmailField';
import { GoogleButton } from '../components/GoogleButton';
import { PasswordField } from '../components/PasswordField';
import { useIdentityForm } from '../useIdentityForm';
import { checkEmail, checkPassword, PASSWORD_MAX_BYTES, PASSWORD_MIN_BYTES } from '../validation';
import styles from '../components/Form.module.css';

type Field = 'email' | 'password';

/** /register: email and a new password (8-72 bytes, shown as it is typed); then /verify-email. */
export function RegisterPage() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('register.title'));
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const { locale } = useLocale();
  const navigate = useLocaleNavigate();
  const toast = useToast();
  const { data: config } = useAuthConfigQuery();
  const min = config?.passwordMinLength ?? PASSWORD_MIN_BYTES;
  const max = config?.passwordMaxLength ?? PASSWORD_MAX_BYTES;
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [register, { isLoading }] = useRegisterMutation();
  const form = useIdentityForm<Field>({ email: t('fields.email'), password: t('fields.password') });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const errors: FieldErrors<Field> = {};
    const emailProblem = checkEmail(email);
    if (emailProblem) errors.email = form.message('email', emailProblem);
    const passwordProblem = checkPassword(password, min, max);
    if (passwordProblem) errors.password = form.message('password', passwordProblem);
    if (errors.email || errors.password) {
      form.showFieldErrors(errors);
      return;
    }
    form.clear();
    try {
      const result = await register({ email: email.trim(), password, locale, timeZone: browserTimeZone() }).unwrap();
      if (result.verificationRequired) {
        markCodeSent('verify', result.email);
        navigate(withReturnTo('/verify-email', returnTo, { email: result.email }));
      } else {
        toast.success(t('register.created'));
        navigate(withReturnTo('/login', returnTo, { email: result.email }));
      }
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  return (
    <AuthCard
      heading={t('register.heading')}
      lead={t('register.lead')}
      footer={
        <p>
          {t('register.haveAccount')} <LocaleLink to={withReturnTo('/login', returnTo)}>{t('register.login')}</LocaleLink>
        </p>
      }
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <EmailField form={form} value={email} onValueChange={setEmail} />
        <PasswordField
          ref={form.inputRef('password')}
          label={t('labels.password')}
          name="new-password"
          autoComplete="new-password"
          value={password}
          showRules
          min={min}
          max={max}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clearField('password');
          }}
          error={form.errors.password}
        />
        <SubmitButton className={styles.wide} busy={isLoading} busyLabel={t('register.submitting')}>
          {t('register.submit')}
        </SubmitButton>
      </form>
      <GoogleButton returnTo={returnTo} />
    </AuthCard>
  );
}
