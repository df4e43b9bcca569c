import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { ButtonLink, FormAlert, ProgressBar, SubmitButton, useErrorMessages, useToast } from '@/shared/ui';
import {
  useAuthConfigQuery,
  useCheckPasswordResetQuery,
  useCompletePasswordResetMutation,
  useRequestPasswordResetMutation,
} from '../api';
import { AuthCard } from '../components/AuthCard';
import { CodeField } from '../components/CodeField';
import { EmailField } from '../components/EmailField';
import { WithStrong } from '../components/Strong';
import { PasswordField } from '../components/PasswordField';
import { useIdentityForm } from '../useIdentityForm';
import { checkCode, checkEmail, checkPassword, CODE_LENGTH, PASSWORD_MAX_BYTES, PASSWORD_MIN_BYTES } from '../validation';
import styles from '../components/Form.module.css';

/**
 * The code mailed with the link, for a reader who reads the mail on another device: the code
 * and a new password here, then signed in.
 */
function EnterCode({ email }: { email: string }) {
  const { t } = useTranslation('identity');
  const toast = useToast();
  const { data: config } = useAuthConfigQuery();
  const min = config?.passwordMinLength ?? PASSWORD_MIN_BYTES;
  const max = config?.passwordMaxLength ?? PASSWORD_MAX_BYTES;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [complete, { isLoading }] = useCompletePasswordResetMutation();
  const form = useIdentityForm<'code' | 'password'>({ code: t('fields.code'), password: t('fields.newPassword') });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const errors: Partial<Record<'code' | 'password', string>> = {};
    const codeProblem = checkCode(code, config?.codeLength ?? CODE_LENGTH);
    if (codeProblem) errors.code = form.message('code', codeProblem);
    const passwordProblem = checkPassword(password, min, max);
    if (passwordProblem) errors.password = form.message('password', passwordProblem);
    if (errors.code || errors.password) {
      form.showFieldErrors(errors);
      return;
    }
    form.clear();
    try {
      // Signs in; the guest-page guard then goes on to /today.
      await complete({ email, code, password }).unwrap();
      toast.success(t('reset.success'));
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="reset-code-heading">
      <h2 id="reset-code-heading" className={styles.subheading}>
        {t('reset.codeHeading')}
      </h2>
      <p>{t('reset.codeLead')}</p>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
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
      <PasswordField
        ref={form.inputRef('password')}
        label={t('labels.newPassword')}
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
      <SubmitButton className={styles.wide} busy={isLoading} busyLabel={t('reset.saving')}>
        {t('reset.save')}
      </SubmitButton>
    </form>
  );
}

/** Step one: ask for a link by email. The answer is the same whether the address is known. */
function RequestLink() {
  const { t } = useTranslation('identity');
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [request, { isLoading }] = useRequestPasswordResetMutation();
  const form = useIdentityForm<'email'>({ email: t('fields.email') });

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (isLoading) return;
    const problem = checkEmail(email);
    if (problem) {
      form.showFieldErrors({ email: form.message('email', problem) });
      return;
    }
    form.clear();
    try {
      const result = await request({ email: email.trim() }).unwrap();
      setSentTo(result.email || email.trim());
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  if (sentTo) {
    return (
      <AuthCard
        heading={t('reset.sentHeading')}
        footer={
          <p>
            <LocaleLink to={`/login?${new URLSearchParams({ email: sentTo })}`}>{t('reset.backToLogin')}</LocaleLink>
          </p>
        }
      >
        <FormAlert kind="success">
          <WithStrong text={t('reset.sent', { email: sentTo })} />
        </FormAlert>
        <EnterCode email={sentTo} />
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <SubmitButton type="button" variant="secondary" busy={isLoading} busyLabel={t('reset.submitting')} onClick={() => void send()}>
          {t('reset.sendAgain')}
        </SubmitButton>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      heading={t('reset.heading')}
      lead={t('reset.lead')}
      footer={
        <p>
          <LocaleLink to="/login">{t('reset.backToLogin')}</LocaleLink>
        </p>
      }
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <form className={styles.form} onSubmit={send} noValidate>
        <EmailField form={form} value={email} onValueChange={setEmail} />
        <SubmitButton className={styles.wide} busy={isLoading} busyLabel={t('reset.submitting')}>
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** Step two, from the emailed link: check it, then choose a new password and sign in. */
function ChooseNewPassword({ token }: { token: string }) {
  const { t } = useTranslation('identity');
  const toast = useToast();
  const messages = useErrorMessages();
  const { data: config } = useAuthConfigQuery();
  const min = config?.passwordMinLength ?? PASSWORD_MIN_BYTES;
  const max = config?.passwordMaxLength ?? PASSWORD_MAX_BYTES;
  const check = useCheckPasswordResetQuery(token);
  const [password, setPassword] = useState('');
  const [complete, { isLoading }] = useCompletePasswordResetMutation();
  const [linkExpired, setLinkExpired] = useState(false);
  const form = useIdentityForm<'password'>({ password: t('fields.newPassword') });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const problem = checkPassword(password, min, max);
    if (problem) {
      form.showFieldErrors({ password: form.message('password', problem) });
      return;
    }
    form.clear();
    try {
      // Signs in; the guest-page guard then goes on to /today.
      await complete({ token, password }).unwrap();
      toast.success(t('reset.success'));
    } catch (caught) {
      const error = toApiError(caught);
      if (error.details.some((detail) => detail.code === 'password_reset_link_expired')) setLinkExpired(true);
      else form.showApiError(error);
    }
  }

  if (check.isLoading) {
    return (
      <AuthCard heading={t('reset.newHeading')}>
        <ProgressBar active label={t('reset.checking')} />
        <p role="status">{t('reset.checking')}</p>
      </AuthCard>
    );
  }

  if (check.isError || linkExpired) {
    const error = check.isError ? toApiError(check.error) : null;
    const expired = !error || error.details.some((detail) => detail.code === 'password_reset_link_expired');
    return (
      <AuthCard heading={t('reset.expiredHeading')}>
        <FormAlert>{expired ? messages.code({ code: 'password_reset_link_expired' }) : messages.request(error)}</FormAlert>
        {expired && <p>{t('reset.expiredText')}</p>}
        <ButtonLink to="/reset-password" className={styles.wide}>
          {t('reset.requestNew')}
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard heading={t('reset.newHeading')} lead={check.data ? t('reset.newLead', { email: check.data.email }) : undefined}>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={check.data?.email ?? ''} readOnly hidden />
        <PasswordField
          ref={form.inputRef('password')}
          label={t('labels.newPassword')}
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
        <SubmitButton className={styles.wide} busy={isLoading} busyLabel={t('reset.saving')}>
          {t('reset.save')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** /reset-password: ask for a link; with ?token= from the link, set a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  // A new key per token: a fresh form when a new link is opened in the same tab.
  return token ? <ChooseNewPassword key={token} token={token} /> : <RequestLink />;
}
