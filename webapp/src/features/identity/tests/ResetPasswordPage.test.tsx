import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, TEST_USER } from '@/test/http';
import { renderApp } from '@/test/renderApp';

describe('password reset', () => {
  it('sends a link and says so the same way for every address', async () => {
    mockApi({ 'POST /api/auth/password-reset': json(202, { email: 'reader@example.com' }) });
    const { user } = renderApp('/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    await waitFor(() => expect(document.title).toBe('Reset password | Lamplight'));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('An email address is required');
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/If there is an account for reader@example.com/);
  });

  it('sets a new password with the mailed code and signs in', async () => {
    mockApi({
      'POST /api/auth/password-reset': json(202, { email: 'reader@example.com' }),
      'POST /api/auth/password-reset/complete': ({ body }) =>
        (body as { code?: string }).code === '123456'
          ? json(200, { token: 't', expiresAt: '2030-01-01T00:00:00Z', user: TEST_USER })
          : apiError(400, 'invalid_request', [{ code: 'password_reset_code_expired' }]),
    });
    const { user, router } = renderApp('/reset-password?email=reader@example.com');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    const form = await screen.findByRole('form', { name: 'Reading the email on another device?' });
    await user.click(within(form).getByRole('button', { name: 'Save password and sign in' }));
    expect(within(form).getByLabelText('Verification code')).toHaveAccessibleDescription(/verification code is required/);
    await user.type(within(form).getByLabelText('Verification code'), '654 321');
    await user.type(within(form).getByLabelText('New password'), 'a new password');
    await user.click(within(form).getByRole('button', { name: 'Save password and sign in' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The reset code has expired or was used');
    await user.clear(within(form).getByLabelText('Verification code'));
    await user.type(within(form).getByLabelText('Verification code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Save password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(apiCalls('POST /api/auth/password-reset/complete').at(-1)!.body).toEqual({
      email: 'reader@example.com',
      code: '123456',
      password: 'a new password',
    });
  });

  it('explains an expired or used link', async () => {
    mockApi({ 'GET /api/auth/password-reset': apiError(400, 'invalid_request', [{ code: 'password_reset_link_expired' }]) });
    renderApp('/reset-password?token=used');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Password reset link has expired');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset-password');
  });

  it('sets a new password from a valid link and signs in', async () => {
    mockApi({
      'GET /api/auth/password-reset': ({ url }) =>
        url.searchParams.get('token') === 'good' ? json(200, { email: 'reader@example.com' }) : apiError(400, 'invalid_request'),
      'POST /api/auth/password-reset/complete': json(200, { token: 't', expiresAt: '2030-01-01T00:00:00Z', user: TEST_USER }),
    });
    const { user, router } = renderApp('/es/reset-password?token=good');
    expect(await screen.findByText('Para tu cuenta reader@example.com.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contraseña nueva'), 'corto');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña e iniciar sesión' }));
    expect(screen.getByLabelText('Contraseña nueva')).toHaveAccessibleDescription(/^Debe tener 8 caracteres o más/);
    await user.type(screen.getByLabelText('Contraseña nueva'), ' y seguro');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña e iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/es/today'));
    expect(apiCalls('POST /api/auth/password-reset/complete')[0]!.body).toEqual({ token: 'good', password: 'corto y seguro' });
  });
});
