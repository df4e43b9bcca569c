export { FormAlert, type FormAlertProps } from './FormAlert';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { TextField, type TextFieldProps } from './TextField';
export { formatRetryAfter, useErrorMessages, type ErrorMessages } from './errorMessages';
export { useFormErrors, type FieldErrors, type FormErrors, type FormErrorsOptions } from './useFormErrors';
