import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLocale, i18n } from '@/shared/i18n';
import { formatRetryAfter, useErrorMessages } from './errorMessages';

const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

describe('error messages', () => {
  afterEach(async () => {
    await ensureLocale('en');
  });

  it('builds field messages from the spec templates', () => {
    const { result } = renderHook(() => useErrorMessages(), { wrapper });
    const m = result.current;
    expect(m.field({ code: 'required' }, 'password')).toBe('A password is required');
    expect(m.field({ code: 'is_invalid' }, 'verification code')).toBe('Please enter a valid verification code');
    expect(m.field({ code: 'unique' }, 'label')).toBe('This label is already in use');
    expect(m.field({ code: 'min_length', properties: { minlength: 8 } }, 'password')).toBe('Must be 8 or more characters');
    expect(m.field({ code: 'max_length', properties: { maxlength: 72 } }, 'password')).toBe('Must be 72 or fewer characters');
    expect(m.field({ code: 'review' }, 'tags')).toBe('Please review.');
    // api_error codes on a field speak for themselves; unknown codes are shown as they are.
    expect(m.field({ field: 'password', code: 'password_incorrect' }, 'password')).toBe('Password is incorrect');
    expect(m.field({ code: 'Label must not contain commas' }, 'label')).toBe('Label must not contain commas');
  });

  it('translates api_error codes, with the address of verify_email', () => {
    const { result } = renderHook(() => useErrorMessages(), { wrapper });
    expect(result.current.code({ code: 'invalid_login' })).toBe('Email or password is incorrect');
    expect(result.current.code({ code: 'verify_email', properties: { email: 'a@example.com' } })).toBe(
      'Please check a@example.com to verify your email first',
    );
    expect(result.current.code({ code: 'verification_code_expired' })).toBe('Verification code has expired');
  });

  it('translates every code the API describes, not only a hand-kept list', () => {
    const { result } = renderHook(() => useErrorMessages(), { wrapper });
    expect(result.current.code({ code: 'entry_not_found' })).toBe('This reading entry no longer exists');
    expect(result.current.request({ status: 413, code: 'payload_too_large', details: [{ code: 'payload_too_large' }] })).toBe(
      'The request is too large',
    );
  });

  // The plans namespace (locales/<lng>/plans.json) holds these; no page of plans loaded it.
  it('translates a module’s own codes from its namespace file, in every locale', async () => {
    const { result } = renderHook(() => useErrorMessages(), { wrapper });
    expect(result.current.code({ code: 'plan_finished' })).toBe('This plan is finished.');
    await ensureLocale('uk');
    expect(result.current.code({ code: 'plan_paused' })).toBe('Цей план призупинено. Спершу відновіть його.');
  });

  it('says when to try again after too many requests', () => {
    const { result } = renderHook(() => useErrorMessages(), { wrapper });
    expect(
      result.current.request({ status: 429, code: 'too_many_requests', details: [{ code: 'too_many_requests' }], retryAfterSeconds: 240 }),
    ).toBe('Too many requests were sent in a short amount of time. Please try again in 4 minutes.');
    expect(result.current.request({ status: 429, code: 'too_many_requests', details: [] })).toBe(
      'Too many requests were sent in a short amount of time',
    );
  });

  it('falls back on the status when there is no code', () => {
    const { result } = renderHook(() => useErrorMessages(), { wrapper });
    expect(result.current.request({ status: 'network', code: 'network_error', details: [] })).toMatch(/could not be reached/);
    expect(result.current.request({ status: 500, code: 'internal_error', details: [] })).toMatch(/went wrong on our side/);
    expect(result.current.request({ status: 400, code: 'validation_error', details: [{ field: 'email', code: 'required' }] })).toBeUndefined();
  });

  it('speaks German', async () => {
    await ensureLocale('de');
    const { result } = renderHook(() => useErrorMessages(), { wrapper });
    expect(result.current.field({ code: 'required' }, 'Passwort')).toBe('Passwort ist erforderlich');
    expect(result.current.field({ code: 'min_length', properties: { minlength: 8 } }, 'Passwort')).toBe(
      'Muss mindestens 8 Zeichen lang sein',
    );
    expect(result.current.code({ code: 'invalid_login' })).toBe('E-Mail-Adresse oder Passwort ist falsch');
    expect(result.current.request({ status: 429, code: 'too_many_requests', details: [], retryAfterSeconds: 30 })).toBe(
      'Zu viele Anfragen in kurzer Zeit. Bitte versuche es in 30 Sekunden erneut.',
    );
  });

  it('formats the wait in the reader’s language', () => {
    expect(formatRetryAfter(1, 'en-US')).toBe('in 1 second');
    expect(formatRetryAfter(3601, 'en-US')).toBe('in 2 hours');
    expect(formatRetryAfter(300, 'uk-UA')).toBe('через 5 хвилин');
    expect(formatRetryAfter(300, 'fr-FR')).toBe('dans 5 minutes');
  });
});
