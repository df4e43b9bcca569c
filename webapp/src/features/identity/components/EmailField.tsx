import { useTranslation } from 'react-i18next';
import { TextField, type FormErrors, type TextFieldProps } from '@/shared/ui';

export interface EmailFieldProps extends Omit<TextFieldProps, 'form' | 'label' | 'value' | 'onChange' | 'error'> {
  /** The form the field belongs to, as its `email` field: its error, its focus, cleared on edit. */
  form: Pick<FormErrors<'email'>, 'errors' | 'inputRef' | 'clearField'>;
  value: string;
  onValueChange: (email: string) => void;
  label?: string;
}

/**
 * The email address input of every identity form: the address keyboard, no automatic capitals or
 * spelling fixes, and autofill (`autoComplete="username"` where a saved login should fill it).
 */
export function EmailField({ form, value, onValueChange, label, ...rest }: EmailFieldProps) {
  const { t } = useTranslation('identity');
  return (
    <TextField
      ref={form.inputRef('email')}
      label={label ?? t('labels.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      value={value}
      onChange={(event) => {
        onValueChange(event.target.value);
        form.clearField('email');
      }}
      error={form.errors.email}
      {...rest}
    />
  );
}
