import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';

// Every identity form asks for an address the same way, so keyboards, autofill and password
// managers treat it alike; only the sign-in form offers the saved login.
describe('the email field', () => {
  it.each([
    { path: '/login', label: 'Email address', autoComplete: 'username' },
    { path: '/register', label: 'Email address', autoComplete: 'email' },
    { path: '/reset-password', label: 'Email address', autoComplete: 'email' },
    { path: '/verify-email', label: 'Email address', autoComplete: 'email' },
    { path: '/settings/email', label: 'New email address', autoComplete: 'email', signedIn: true },
  ])('on $path', async ({ path, label, autoComplete, signedIn }) => {
    if (signedIn) signedInAs({ email: 'reader@example.com', emailVerified: true });
    renderApp(path);
    const email = await screen.findByLabelText(label);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toHaveAttribute('autocomplete', autoComplete);
    expect(email).toHaveAttribute('inputmode', 'email');
    expect(email).toHaveAttribute('autocapitalize', 'off');
    expect(email).toHaveAttribute('spellcheck', 'false');
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});
