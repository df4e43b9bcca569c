export { Fieldset, type FieldsetProps } from './Fieldset';
export { FormAlert, type FormAlertProps } from './FormAlert';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { TextAreaField, TextField, inputClassName, type TextAreaFieldProps, type TextFieldProps } from './TextField';
export { formatRetryAfter, useErrorMessages, type ErrorMessages } from './errorMessages';
export { useFormErrors, type FieldErrors, type FormErrors, type FormErrorsOptions } from './useFormErrors';
