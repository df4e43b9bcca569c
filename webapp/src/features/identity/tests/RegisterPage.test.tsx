import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi } from '@/test/http';
import { renderApp } from '@/test/renderApp';

async function openRegister(path = '/register', heading = 'Create your account') {
  const utils = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return utils;
}

describe('registration', () => {
  it('checks the password rules as the reader types', async () => {
    const { user } = await openRegister();
    const password = screen.getByLabelText('Password');
    const rules = () => within(screen.getByText('Your password needs:').parentElement!).getAllByRole('listitem');
    expect(rules().map((rule) => rule.textContent)).toEqual([
      'at least 8 characters (not yet)',
      'no more than 72 characters (not yet)',
    ]);
    expect(password).toHaveAccessibleDescription(/Your password needs:/);

    await user.type(password, 'abcdefgh');
    expect(rules().map((rule) => rule.textContent)).toEqual(['at least 8 characters (done)', 'no more than 72 characters (done)']);

    // The limit is in bytes, as the server counts: 37 two-byte letters are 74 bytes.
    await user.clear(password);
    await user.type(password, 'ä'.repeat(37));
    expect(rules()[1]).toHaveTextContent('(not yet)');
    await user.type(screen.getByLabelText('Email address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(password).toHaveAccessibleDescription(/Must be 72 or fewer characters/);
    expect(apiCalls('POST /api/auth/register')).toEqual([]);
  });

  it('shows and hides the password', async () => {
    const { user } = await openRegister();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show: Password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide: Password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('reports short passwords with the spec template and focuses the field', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Email address'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/^Must be 8 or more characters/);
    await waitFor(() => expect(password).toHaveFocus());
  });

  it('shows the server’s field errors beside the fields, in the reader’s language', async () => {
    mockApi({
      'POST /api/auth/register': apiError(400, 'validation_error', [
        { field: 'email', code: 'is_invalid' },
        { field: 'password', code: 'min_length', properties: { minlength: 8 } },
      ]),
    });
    const { user } = await openRegister('/fr/register', 'Créez votre compte');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'a@b.co');
    await user.type(screen.getByLabelText('Mot de passe'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    const email = screen.getByLabelText('Adresse e-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Veuillez saisir une adresse e-mail valide'));
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription(/^Doit comporter au moins 8 caractères/);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveValue('a@b.co');
  });

  it('goes on to /verify-email for the address, sending language and time zone', async () => {
    mockApi({
      'POST /api/auth/register': json(202, { email: 'new@example.com', verificationRequired: true, resendCooldownSeconds: 300 }),
    });
    const { user, router } = await openRegister('/uk/register?returnTo=%2Fcalendar', 'Створіть обліковий запис');
    await user.type(screen.getByLabelText('Електронна адреса'), 'New@Example.com');
    await user.type(screen.getByLabelText('Пароль'), 'довгий пароль');
    await user.click(screen.getByRole('button', { name: 'Створити обліковий запис' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/uk/verify-email'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('email')).toBe('new@example.com');
    expect(params.get('returnTo')).toBe('/calendar');
    expect(apiCalls('POST /api/auth/register')[0]!.body).toEqual({
      email: 'New@Example.com',
      password: 'довгий пароль',
      locale: 'uk',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // A code was just sent: asking for another waits for the cooldown.
    expect(await screen.findByText(/Новий код можна буде попросити через [45]:\d\d\./)).toBeInTheDocument();
  });
});
