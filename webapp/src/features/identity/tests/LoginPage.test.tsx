import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, TEST_CONFIG, TEST_USER } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const signInAnswer = (user = TEST_USER) => json(200, { token: 't', expiresAt: '2030-01-01T00:00:00Z', user });

async function openLogin(path = '/login', heading = 'Welcome back') {
  const utils = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return utils;
}

describe('login', () => {
  it('checks the fields in the browser, beside each field, and focuses the first invalid one', async () => {
    const { user } = await openLogin();
    await waitFor(() => expect(document.title).toBe('Sign in | Lamplight'));
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('An email address is required');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(apiCalls('POST /api/auth/login')).toEqual([]);

    await user.type(email, 'not-an-address');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('shows a wrong password as the spec words it and keeps what was typed', async () => {
    mockApi({ 'POST /api/auth/login': apiError(401, 'unauthenticated', [{ code: 'invalid_login' }]) });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
    expect(screen.getByLabelText('Email address')).toHaveValue('reader@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong password');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('sends the credentials with the language and the browser time zone, then goes to returnTo', async () => {
    let release: () => void = () => {};
    mockApi({
      'POST /api/auth/login': () => new Promise<Response>((resolve) => (release = () => resolve(signInAnswer()))),
    });
    const { user, router } = await openLogin('/de/login?returnTo=%2Fsettings', 'Willkommen zurück');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), ' reader@example.com ');
    await user.type(screen.getByLabelText('Passwort'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    // Busy while sending: marked unavailable, with a progress label.
    const busy = await screen.findByRole('button', { name: 'Anmeldung läuft …' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(apiCalls('POST /api/auth/login')).toHaveLength(1);

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/settings'));
    expect(apiCalls('POST /api/auth/login')[0]!.body).toEqual({
      email: 'reader@example.com',
      password: 'correct horse',
      locale: 'de',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('leads an unverified account to /verify-email for its address', async () => {
    mockApi({
      'POST /api/auth/login': apiError(403, 'forbidden', [{ code: 'verify_email', properties: { email: 'new@example.com' } }]),
    });
    const { user, router } = await openLogin('/login?returnTo=%2Fnotes');
    await user.type(screen.getByLabelText('Email address'), 'New@Example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('email')).toBe('new@example.com');
    expect(params.get('returnTo')).toBe('/notes');
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
  });

  it('says how long to wait after too many attempts', async () => {
    mockApi({
      'POST /api/auth/login': apiError(429, 'too_many_requests', [{ code: 'too_many_requests' }], { 'Retry-After': '42' }),
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests were sent in a short amount of time. Please try again in 42 seconds.',
    );
  });

  it('says so when the server cannot be reached', async () => {
    mockApi({ 'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lamplight could not be reached.');
  });

  it('offers Google only when the server has it, keeping the page to return to', async () => {
    await openLogin();
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('links to Google sign-in with returnTo when it is on', async () => {
    mockApi({ 'GET /api/auth/config': json(200, { ...TEST_CONFIG, googleEnabled: true }) });
    await openLogin('/login?returnTo=%2Fcalendar');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?returnTo=%2Fcalendar',
    );
  });

  it('takes the typed address along to the password reset', async () => {
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(screen.getByLabelText('Email address')).toHaveValue('reader@example.com');
  });
});
