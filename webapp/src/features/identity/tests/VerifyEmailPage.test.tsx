import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, TEST_USER } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const signedIn = () => json(200, { token: 't', expiresAt: '2030-01-01T00:00:00Z', user: TEST_USER });

describe('email verification', () => {
  it('verifies a pasted code at once and lands signed in on /today', async () => {
    mockApi({ 'POST /api/auth/verify-email': signedIn });
    const { user, router } = renderApp('/verify-email?email=reader%40example.com');
    expect(await screen.findByText('reader@example.com')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Verification code'));
    await user.paste('Your code: 123 456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(apiCalls('POST /api/auth/verify-email')[0]!.body).toEqual({ email: 'reader@example.com', code: '123456' });
    expect(await screen.findByText('Your email address is confirmed. Welcome to Lamplight!')).toBeInTheDocument();
  });

  it('goes on to the page first asked for', async () => {
    mockApi({ 'POST /api/auth/verify-email': signedIn });
    const { user, router } = renderApp('/verify-email?email=reader%40example.com&returnTo=%2Fsettings');
    await user.type(await screen.findByLabelText('Verification code'), '654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('shows a wrong code beside the field and keeps it for correcting', async () => {
    mockApi({ 'POST /api/auth/verify-email': apiError(400, 'validation_error', [{ field: 'code', code: 'is_invalid' }]) });
    const { user } = renderApp('/verify-email?email=reader%40example.com');
    const code = await screen.findByLabelText('Verification code');
    await user.type(code, '111111');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/^Please enter a valid verification code/));
    expect(code).toHaveValue('111111');
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the code has expired', async () => {
    mockApi({ 'POST /api/auth/verify-email': apiError(400, 'invalid_request', [{ code: 'verification_code_expired' }]) });
    const { user } = renderApp('/verify-email?email=reader%40example.com');
    await user.type(await screen.findByLabelText('Verification code'), '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification code has expired');
  });

  it('asks for the address when it is not in the link', async () => {
    const { user } = renderApp('/verify-email');
    await user.type(await screen.findByLabelText('Verification code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveFocus());
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('An email address is required');
    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(/^Please enter a valid verification code/);
    expect(apiCalls('POST /api/auth/verify-email')).toEqual([]);
  });

  it('verifies the link from the email by itself', async () => {
    mockApi({ 'POST /api/auth/verify-email': signedIn });
    const { router } = renderApp('/de/verify-email?token=abc123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/today'));
    expect(apiCalls('POST /api/auth/verify-email').map((call) => call.body)).toEqual([{ token: 'abc123' }]);
  });

  it('falls back to the code when the link no longer works', async () => {
    mockApi({ 'POST /api/auth/verify-email': apiError(400, 'invalid_request', [{ code: 'verification_code_expired' }]) });
    renderApp('/verify-email?token=old');
    expect(await screen.findByText(/This link no longer works/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
  });

  it('sends a new code, then waits out the cooldown', async () => {
    mockApi({ 'POST /api/auth/verify-email/resend': json(202, { email: 'reader@example.com', resendCooldownSeconds: 300 }) });
    const { user } = renderApp('/verify-email?email=reader%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If reader@example.com belongs to an account that still needs confirming, a new code is on its way.',
    );
    expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/You can ask for a new code in [45]:\d\d\./);
    expect(apiCalls('POST /api/auth/verify-email/resend')[0]!.body).toEqual({ email: 'reader@example.com' });
  });
});
