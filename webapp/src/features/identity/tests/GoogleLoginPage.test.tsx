import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, TEST_USER } from '@/test/http';
import { renderApp } from '@/test/renderApp';

describe('Google sign-in callback', () => {
  it('hands code and state to the server and goes to the page first asked for', async () => {
    mockApi({
      'POST /api/auth/google/callback': json(200, { token: 't', expiresAt: '2030-01-01T00:00:00Z', user: TEST_USER, returnTo: '/settings' }),
    });
    const { router } = renderApp('/pt/google-login?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pt/settings'));
    expect(apiCalls('POST /api/auth/google/callback')[0]!.body).toEqual({
      code: 'abc',
      state: 'xyz',
      locale: 'pt',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('never follows an unsafe returnTo', async () => {
    mockApi({
      'POST /api/auth/google/callback': json(200, { token: 't', expiresAt: '2030-01-01T00:00:00Z', user: TEST_USER, returnTo: '//evil.example' }),
    });
    const { router } = renderApp('/google-login?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
  });

  it('shows an error page when the sign-in fails', async () => {
    mockApi({ 'POST /api/auth/google/callback': apiError(400, 'invalid_request', [{ code: 'invalid_request' }]) });
    renderApp('/google-login?code=abc&state=stale');
    expect(await screen.findByRole('heading', { level: 1, name: "Google sign-in didn't work" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in took too long or was already used. Please try again.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains a cancelled sign-in', async () => {
    renderApp('/google-login?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in was cancelled or not allowed.');
    expect(apiCalls('POST /api/auth/google/callback')).toEqual([]);
  });
});
