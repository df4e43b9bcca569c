import { describe, expect, it } from 'vitest';
import { fieldDetails, hasErrorCode, toApiError } from './errors';

describe('API errors', () => {
  it('reads the one error body shape', () => {
    const error = toApiError({
      status: 400,
      data: {
        error: {
          code: 'validation_error',
          errors: [
            { field: 'email', code: 'required' },
            { field: 'password', code: 'min_length', properties: { minlength: 8 } },
            { field: 'email', code: 'is_invalid' },
          ],
        },
      },
    });
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_error');
    expect(fieldDetails(error)).toEqual({
      email: { field: 'email', code: 'required' },
      password: { field: 'password', code: 'min_length', properties: { minlength: 8 } },
    });
  });

  it('keeps api_error codes and their properties', () => {
    const error = toApiError({
      status: 403,
      data: { error: { code: 'forbidden', errors: [{ code: 'verify_email', properties: { email: 'a@example.com' } }] } },
    });
    expect(hasErrorCode(error, 'verify_email')).toBe(true);
    expect(error.details[0]?.properties?.email).toBe('a@example.com');
  });

  it('carries Retry-After of a 429', () => {
    const error = toApiError({
      status: 429,
      data: { error: { code: 'too_many_requests', errors: [{ code: 'too_many_requests' }] }, retryAfterSeconds: 42 },
    });
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('tells a network failure from an answer', () => {
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: 'network',
      code: 'network_error',
      details: [],
    });
    expect(toApiError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: '' }).status).toBe(502);
    expect(toApiError({ status: 500, data: 'oops' })).toEqual({ status: 500, code: 'unknown', details: [] });
  });
});
