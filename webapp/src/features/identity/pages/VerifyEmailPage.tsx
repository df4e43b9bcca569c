import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { safeReturnPath, withReturnTo } from '@/shared/auth';
import { LocaleLink } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { FormAlert, ProgressBar, SubmitButton, useToast, type FieldErrors } from '@/shared/ui';
import { useAuthConfigQuery, useResendVerificationMutation, useVerifyEmailMutation } from '../api';
import { cooldownLeft, formatCountdown, markCodeSent } from '../codeSent';
import { AuthCard } from '../components/AuthCard';
import { WithStrong } from '../components/Strong';
import { CodeField } from '../components/CodeField';
import { EmailField } from '../components/EmailField';
import { useIdentityForm } from '../useIdentityForm';
import { checkCode, checkEmail, CODE_LENGTH } from '../validation';
import styles from '../components/Form.module.css';

type Field = 'email' | 'code';

/** Seconds left before another code may be asked for, ticking down once a second. */
function useCooldown(email: string, cooldownSeconds: number | undefined): [number, () => void] {
  const [now, setNow] = useState(() => Date.now());
  const left = email ? cooldownLeft('verify', email, now, cooldownSeconds) : 0;
  const coolingDown = left > 0;
  useEffect(() => {
    if (!coolingDown) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [coolingDown]);
  return [left, () => setNow(Date.now())];
}

/**
 * /verify-email: the 6-digit code from the email (typed or pasted), or ?token= from the email's
 * link, which is checked at once. Success signs the reader in; the guest-page guard then moves
 * on to returnTo or /today.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('verify.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const knownEmail = params.get('email')?.trim() ?? '';
  const returnTo = safeReturnPath(params.get('returnTo'));
  const toast = useToast();
  const { data: config } = useAuthConfigQuery();
  const [email, setEmail] = useState(knownEmail);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | undefined>();
  const [linkState, setLinkState] = useState<'none' | 'checking' | 'failed'>(token ? 'checking' : 'none');
  const [verify, { isLoading }] = useVerifyEmailMutation();
  const [resend, { isLoading: resending }] = useResendVerificationMutation();
  const form = useIdentityForm<Field>({ email: t('fields.email'), code: t('fields.code') });
  const [cooldown, restartCooldown] = useCooldown(email.trim(), config?.resendCooldownSeconds);

  // The link in the email: verify once, as soon as the page opens.
  const linkUsed = useRef(false);
  useEffect(() => {
    if (!token || linkUsed.current) return;
    linkUsed.current = true;
    verify({ token })
      .unwrap()
      .then(() => toast.success(t('verify.success')))
      .catch(() => setLinkState('failed'));
  }, [token, verify, toast, t]);

  async function submit(codeToSend: string) {
    if (isLoading) return;
    const errors: FieldErrors<Field> = {};
    const emailProblem = checkEmail(email);
    if (emailProblem) errors.email = form.message('email', emailProblem);
    const codeProblem = checkCode(codeToSend, config?.codeLength ?? CODE_LENGTH);
    if (codeProblem) errors.code = form.message('code', codeProblem);
    if (errors.email || errors.code) {
      form.showFieldErrors(errors);
      return;
    }
    form.clear();
    setNotice(undefined);
    try {
      await verify({ email: email.trim(), code: codeToSend }).unwrap();
      toast.success(t('verify.success'));
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  async function onResend() {
    const emailProblem = checkEmail(email);
    if (emailProblem) {
      form.showFieldErrors({ email: form.message('email', emailProblem) });
      return;
    }
    form.clear();
    setNotice(undefined);
    try {
      const sent = await resend({ email: email.trim() }).unwrap();
      markCodeSent('verify', sent.email || email.trim());
      restartCooldown();
      setCode('');
      setNotice(t('verify.resent', { email: sent.email || email.trim() }));
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  if (linkState === 'checking') {
    return (
      <AuthCard heading={t('verify.heading')}>
        <ProgressBar active label={t('verify.checkingLink')} />
        <p role="status">{t('verify.checkingLink')}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      heading={t('verify.heading')}
      lead={
        knownEmail ? (
          <WithStrong text={t('verify.lead', { email: knownEmail })} />
        ) : (
          t('verify.leadNoEmail')
        )
      }
      footer={
        <p>
          {t('verify.wrongAddress')} <LocaleLink to={withReturnTo('/register', returnTo)}>{t('verify.registerAgain')}</LocaleLink>
        </p>
      }
    >
      {linkState === 'failed' && <FormAlert>{t('verify.linkFailed')}</FormAlert>}
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      {notice && <FormAlert kind="info">{notice}</FormAlert>}
      <form
        className={styles.form}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit(code);
        }}
      >
        {!knownEmail && (
          <EmailField form={form} value={email} onValueChange={setEmail} />
        )}
        <CodeField
          ref={form.inputRef('code')}
          name="code"
          value={code}
          autoFocus={Boolean(knownEmail)}
          onValueChange={(next) => {
            setCode(next);
            form.clearField('code');
            // A complete code (typed or pasted) is sent right away.
            const length = config?.codeLength ?? CODE_LENGTH;
            if (next.length === length && code.length !== length && (knownEmail || !checkEmail(email))) void submit(next);
          }}
          error={form.errors.code}
        />
        <p className={styles.muted}>{t('verify.validFor')}</p>
        <SubmitButton className={styles.wide} busy={isLoading} busyLabel={t('verify.submitting')}>
          {t('verify.submit')}
        </SubmitButton>
      </form>
      <div className={styles.divider} aria-hidden="true" />
      <p className={styles.muted}>{t('verify.noCode')}</p>
      {cooldown > 0 ? (
        <p className={styles.muted} role="timer" aria-live="off">
          {t('verify.resendIn', { time: formatCountdown(cooldown) })}
        </p>
      ) : (
        <SubmitButton type="button" variant="secondary" busy={resending} busyLabel={t('verify.resending')} onClick={onResend}>
          {t('verify.resend')}
        </SubmitButton>
      )}
    </AuthCard>
  );
}
