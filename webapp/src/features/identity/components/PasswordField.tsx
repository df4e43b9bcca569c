import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, useActionLabel, type TextFieldProps } from '@/shared/ui';
import { byteLength, PASSWORD_MAX_BYTES, PASSWORD_MIN_BYTES } from '../validation';
import styles from './PasswordField.module.css';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing' | 'value'> {
  value: string;
  /** Shows the length rules under the field, checked as the reader types (new passwords). */
  showRules?: boolean;
  min?: number;
  max?: number;
}

function Rule({ met, children }: { met: boolean; children: string }) {
  const { t } = useTranslation('identity');
  return (
    <li className={met ? styles.met : styles.unmet}>
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        {met ? <path d="M5 12.5 10 17l9-10" /> : <circle cx="12" cy="12" r="3" fill="currentColor" stroke="none" />}
      </svg>
      {children} <span className="visually-hidden">{met ? t('password.ruleMet') : t('password.ruleUnmet')}</span>
    </li>
  );
}

/** A password input with a show/hide toggle and, for new passwords, live length rules (8-72 bytes). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { value, showRules = false, min = PASSWORD_MIN_BYTES, max = PASSWORD_MAX_BYTES, hint, ...rest },
  ref,
) {
  const { t } = useTranslation('identity');
  const actionLabel = useActionLabel();
  const [visible, setVisible] = useState(false);
  const bytes = byteLength(value);
  const rules = showRules ? (
    <>
      <span className={styles.rulesTitle}>{t('password.rulesTitle')}</span>
      <ul className={styles.rules}>
        <Rule met={bytes >= min}>{t('password.ruleMin', { min })}</Rule>
        <Rule met={bytes > 0 && bytes <= max}>{t('password.ruleMax', { max })}</Rule>
      </ul>
    </>
  ) : (
    hint
  );
  return (
    <TextField
      ref={ref}
      type={visible ? 'text' : 'password'}
      value={value}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      hint={rules}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-label={actionLabel(visible ? t('password.hide') : t('password.show'), String(rest.label))}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('password.hide') : t('password.show')}
        </button>
      }
      {...rest}
    />
  );
});
