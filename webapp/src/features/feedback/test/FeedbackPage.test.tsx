import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, signedInAs, type ApiCall } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import type { FeedbackDraft, FeedbackReceipt } from '../api';

function answerWith(email: string) {
  return ({ body }: ApiCall) => {
    const draft = body as FeedbackDraft;
    const receipt: FeedbackReceipt = {
      id: 'f1',
      kind: draft.kind,
      message: draft.message,
      email: draft.email ?? email,
      page: draft.page ?? '',
      status: 'open',
      createdAt: '2026-11-25T10:00:00Z',
    };
    return json(201, receipt);
  };
}

describe('FeedbackPage', () => {
  beforeEach(() => {
    mockApi({ 'POST /api/feedback': answerWith('') });
  });

  it('checks the form, counts characters, sends it with an idempotency key and offers to send more', async () => {
    const { user } = renderApp('/feedback');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send feedback' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Send feedback | Lamplight'));

    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    const kinds = screen.getByRole('group', { name: 'What is it about?' });
    expect(kinds).toHaveAccessibleDescription('Choose what your feedback is about');
    const message = screen.getByRole('textbox', { name: 'Your message' });
    expect(message).toHaveAccessibleDescription('Please write a message 0 of 1,500 characters');
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email).toHaveAccessibleDescription('An email address is required so we can answer you We only use it to answer you.');
    expect(within(kinds).getByRole('radio', { name: /Something is wrong/ })).toHaveFocus();
    expect(apiCalls('POST /api/feedback')).toHaveLength(0);

    await user.click(within(kinds).getByRole('radio', { name: /An idea/ }));
    await user.type(message, 'A dark theme, please.');
    expect(message).toHaveAccessibleDescription('21 of 1,500 characters');
    await user.type(email, 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you for your feedback!' })).toHaveFocus();
    expect(screen.getByText('Your message has arrived. If it needs an answer, we’ll write to visitor@example.com.')).toBeInTheDocument();
    const [call] = apiCalls('POST /api/feedback');
    expect(call!.body).toEqual({ kind: 'feature', message: 'A dark theme, please.', email: 'visitor@example.com', page: '/feedback' });
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);

    await user.click(screen.getByRole('button', { name: 'Send more feedback' }));
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
  });

  it('flags a message over 1,500 characters as it is typed', async () => {
    const { user } = renderApp('/feedback');
    const message = await screen.findByRole('textbox', { name: 'Your message' });
    await user.click(message);
    await user.paste('x'.repeat(1501));
    expect(message).toBeInvalid();
    expect(message).toHaveAccessibleDescription('Must be 1,500 or fewer characters 1,501 of 1,500 characters');
  });

  it('shows the server’s field errors beside the fields and keeps what was typed', async () => {
    mockApi({ 'POST /api/feedback': apiError(400, 'validation_error', [{ field: 'email', code: 'is_invalid' }]) });
    const { user } = renderApp('/feedback');
    await user.click(await screen.findByRole('radio', { name: /A comment/ }));
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'visitor@example');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    const email = screen.getByRole('textbox', { name: 'Email address' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address We only use it to answer you.'));
    expect(email).toHaveFocus();
    expect(email).toHaveValue('visitor@example');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Hello');
  });

  it('explains a 429 with the time to wait', async () => {
    mockApi({ 'POST /api/feedback': apiError(429, 'too_many_requests', [], { 'Retry-After': '40' }) });
    const { user } = renderApp('/feedback');
    await user.click(await screen.findByRole('radio', { name: /A comment/ }));
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please wait a moment');
    expect(alert).toHaveTextContent('You can send this one in 40 seconds; what you wrote stays here.');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Hello');
  });

  it('uses the account’s address when signed in', async () => {
    signedInAs();
    mockApi({ 'POST /api/feedback': answerWith('reader@example.com') });
    const { user } = renderApp('/de/feedback');
    expect(await screen.findByText('Wir antworten an reader@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'E-Mail-Adresse' })).toBeNull();
    // The page has the form; the shell's button is not needed here.
    expect(screen.queryByRole('button', { name: 'Feedback' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Etwas stimmt nicht/ }));
    await user.type(screen.getByRole('textbox', { name: 'Deine Nachricht' }), 'Der Kalender springt.');
    await user.click(screen.getByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByRole('heading', { name: 'Danke für dein Feedback!' })).toBeInTheDocument();
    expect(apiCalls('POST /api/feedback')[0]!.body).toEqual({ kind: 'bug', message: 'Der Kalender springt.', page: '/de/feedback' });
  });
});

describe('Feedback button', () => {
  beforeEach(() => {
    signedInAs();
    mockApi({
      'POST /api/feedback': answerWith('reader@example.com'),
      'GET /api/passage-note-tags': json(200, []),
    });
  });

  it('is only there for signed-in readers', async () => {
    mockApi({ 'GET /api/auth/user': () => apiError(401, 'unauthenticated') });
    renderApp('/about');
    await screen.findByRole('link', { name: /^sign in$/i });
    expect(screen.queryByRole('button', { name: 'Feedback' })).toBeNull();
  });

  it('opens the form in a dialog about the current page; a form with something in it asks before closing', async () => {
    const { user } = renderApp('/tags');
    await user.click(await screen.findByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
    // The dialog moves focus in an effect after it opens; a loaded machine can take a moment.
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Something is wrong/ })).toHaveFocus());
    expect(within(dialog).getByText('We’ll reply to reader@example.com.')).toBeInTheDocument();

    // Empty: Escape closes at once.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    let form = await screen.findByRole('dialog', { name: 'Send feedback' });
    await user.type(within(form).getByRole('textbox', { name: 'Your message' }), 'Tags are great');
    await user.keyboard('{Escape}');
    let ask = await screen.findByRole('alertdialog', { name: 'Discard your feedback?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep writing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(form).getByRole('textbox', { name: 'Your message' })).toHaveValue('Tags are great');

    await user.click(within(form).getByRole('button', { name: 'Close the feedback form' }));
    ask = await screen.findByRole('alertdialog', { name: 'Discard your feedback?' });
    await user.click(within(ask).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls('POST /api/feedback')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    form = await screen.findByRole('dialog', { name: 'Send feedback' });
    await user.click(within(form).getByRole('radio', { name: /A comment/ }));
    await user.type(within(form).getByRole('textbox', { name: 'Your message' }), 'Tags are great');
    await user.click(within(form).getByRole('button', { name: 'Send feedback' }));
    const thanks = await screen.findByRole('dialog', { name: 'Thank you for your feedback!' });
    expect(apiCalls('POST /api/feedback')[0]!.body).toEqual({ kind: 'comment', message: 'Tags are great', page: '/tags' });
    await user.click(within(thanks).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
