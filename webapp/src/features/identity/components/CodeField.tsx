import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/shared/ui';
import { cleanCode, CODE_LENGTH } from '../validation';
import styles from './Form.module.css';

export interface CodeFieldProps extends Omit<TextFieldProps, 'onChange' | 'value' | 'label'> {
  value: string;
  label?: string;
  /** Called with the digits only; a pasted "123 456" arrives as "123456". */
  onValueChange: (code: string) => void;
}

/** The 6-digit one-time code input: numeric keyboard, one-time-code autofill, paste friendly. */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField(
  { value, onValueChange, label, ...rest },
  ref,
) {
  const { t } = useTranslation('identity');
  return (
    <TextField
      ref={ref}
      label={label ?? t('labels.code')}
      hint={t('code.hint')}
      value={value}
      onChange={(event) => onValueChange(cleanCode(event.target.value, CODE_LENGTH))}
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      className={styles.codeField}
      {...rest}
    />
  );
});
