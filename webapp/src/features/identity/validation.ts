import type { ApiErrorDetail } from '@/shared/api';

// The browser checks what the server would refuse anyway, with the same detail codes, so the
// messages are the same whichever side finds the problem.

export const PASSWORD_MIN_BYTES = 8;
export const PASSWORD_MAX_BYTES = 72;
export const EMAIL_MAX_LENGTH = 254;
export const CODE_LENGTH = 6;

const encoder = new TextEncoder();

/** Passwords are limited in bytes (UTF-8), as the server counts them. */
export function byteLength(value: string): number {
  return encoder.encode(value).length;
}

export function checkRequired(value: string): ApiErrorDetail | undefined {
  return value.trim() === '' ? { code: 'required' } : undefined;
}

export function checkEmail(value: string): ApiErrorDetail | undefined {
  const email = value.trim();
  if (email === '') return { code: 'required' };
  if (email.length > EMAIL_MAX_LENGTH) return { code: 'max_length', properties: { maxlength: EMAIL_MAX_LENGTH } };
  if (!/^[^\s@<>"]+@[^\s@<>".]+(\.[^\s@<>".]+)+$/.test(email)) return { code: 'is_invalid' };
  return undefined;
}

export function checkPassword(
  value: string,
  min = PASSWORD_MIN_BYTES,
  max = PASSWORD_MAX_BYTES,
): ApiErrorDetail | undefined {
  const bytes = byteLength(value);
  if (bytes === 0) return { code: 'required' };
  if (bytes < min) return { code: 'min_length', properties: { minlength: min } };
  if (bytes > max) return { code: 'max_length', properties: { maxlength: max } };
  return undefined;
}

/** Keeps the digits of a typed or pasted code ("123 456", "123-456", "Code: 123456"). */
export function cleanCode(value: string, length = CODE_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, length);
}

export function checkCode(value: string, length = CODE_LENGTH): ApiErrorDetail | undefined {
  if (value === '') return { code: 'required' };
  if (!new RegExp(`^\\d{${length}}$`).test(value)) return { code: 'is_invalid' };
  return undefined;
}
