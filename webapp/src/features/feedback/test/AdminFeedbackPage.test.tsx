import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiCalls, json, mockApi, signedInAs, type ApiCall } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import type { FeedbackItem, FeedbackStatus } from '../api';

const item = (n: number, status: FeedbackStatus, kind: FeedbackItem['kind'] = 'bug'): FeedbackItem => ({
  id: `f${n}`,
  kind,
  message: `Message ${n}`,
  email: `reader${n}@example.com`,
  page: '/today',
  locale: 'de',
  status,
  createdAt: '2026-11-25T10:00:00Z',
  updatedAt: '2026-11-25T10:00:00Z',
  repliedAt: null,
  userId: null,
});

/** A fake admin feedback API that keeps what it is told. */
function feedbackServer(initial: FeedbackItem[]) {
  let items = [...initial];
  const counts = () => ({
    open: items.filter((i) => i.status === 'open').length,
    resolved: items.filter((i) => i.status === 'resolved').length,
    archived: items.filter((i) => i.status === 'archived').length,
  });
  mockApi({
    'GET /api/admin/feedback': ({ url }: ApiCall) => {
      const status = url.searchParams.get('status') as FeedbackStatus;
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const matching = items.filter((i) => i.status === status);
      return json(200, { items: matching.slice(offset, offset + limit), total: matching.length, limit, offset, counts: counts() });
    },
  });
  for (const { id } of initial) {
    mockApi({
      [`PATCH /api/admin/feedback/${id}`]: ({ body }: ApiCall) => {
        items = items.map((i) => (i.id === id ? { ...i, status: (body as { status: FeedbackStatus }).status } : i));
        return json(200, items.find((i) => i.id === id));
      },
      [`DELETE /api/admin/feedback/${id}`]: () => {
        items = items.filter((i) => i.id !== id);
        return json(204);
      },
      [`POST /api/admin/feedback/${id}/reply`]: () => {
        items = items.map((i) => (i.id === id ? { ...i, repliedAt: '2026-11-25T12:30:00Z' } : i));
        return json(200, items.find((i) => i.id === id));
      },
    });
  }
}

describe('AdminFeedbackPage', () => {
  beforeEach(() => {
    signedInAs({ isAdmin: true });
  });

  it('shows feedback in tabs with counts; resolves, archives and reopens', async () => {
    feedbackServer([item(1, 'open'), item(2, 'open', 'feature'), item(3, 'resolved', 'comment')]);
    const { user, router } = renderApp('/admin/feedback');
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument();
    const tablist = screen.getByRole('tablist', { name: 'Feedback by status' });
    const open = await within(tablist).findByRole('tab', { name: 'Open (2)' });
    expect(open).toHaveAttribute('aria-selected', 'true');
    expect(within(tablist).getByRole('tab', { name: 'Resolved (1)' })).toHaveAttribute('aria-selected', 'false');
    expect(within(tablist).getByRole('tab', { name: 'Archived (0)' })).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Open (2)' });
    const list = within(panel).getByRole('list', { name: 'Open feedback' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Message 1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'reader1@example.com' })).toHaveAttribute('href', 'mailto:reader1@example.com');
    expect(within(first).getByText('/today')).toBeInTheDocument();
    expect(within(first).getByText('de')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Resolve: reader1@example.com' }));
    expect(await screen.findByText('Marked as resolved.')).toBeInTheDocument();
    expect(apiCalls('PATCH /api/admin/feedback/f1')[0]!.body).toEqual({ status: 'resolved' });
    expect(await within(tablist).findByRole('tab', { name: 'Resolved (2)' })).toBeInTheDocument();
    expect(within(tablist).getByRole('tab', { name: 'Open (1)' })).toBeInTheDocument();

    // Arrow keys move between tabs.
    within(tablist).getByRole('tab', { name: 'Open (1)' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=resolved'));
    expect(within(tablist).getByRole('tab', { name: 'Resolved (2)' })).toHaveFocus();
    const resolved = await screen.findByRole('list', { name: 'Resolved feedback' });
    await waitFor(() => expect(within(resolved).getAllByRole('listitem')).toHaveLength(2));
    await user.click(within(resolved).getByRole('button', { name: 'Archive: reader1@example.com' }));
    expect(await screen.findByText('Archived.')).toBeInTheDocument();

    await user.keyboard('{End}');
    await user.click(within(tablist).getByRole('tab', { name: 'Archived (1)' }));
    const archived = await screen.findByRole('list', { name: 'Archived feedback' });
    await user.click(within(archived).getByRole('button', { name: 'Reopen: reader1@example.com' }));
    expect(await screen.findByText('Reopened.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'The archive is empty' })).toBeInTheDocument();
  });

  it('deletes after confirming and replies by email', async () => {
    feedbackServer([item(1, 'open'), item(2, 'open')]);
    const { user } = renderApp('/admin/feedback');
    const list = await screen.findByRole('list', { name: 'Open feedback' });

    await user.click(within(list).getByRole('button', { name: 'Delete: reader2@example.com' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete this feedback?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(apiCalls('DELETE /api/admin/feedback/f2')).toHaveLength(0);
    await user.click(within(list).getByRole('button', { name: 'Delete: reader2@example.com' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete this feedback?' });
    expect(confirm).toHaveAccessibleDescription('The message from reader2@example.com will be gone for good.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Feedback deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));

    await user.click(within(list).getByRole('button', { name: 'Reply: reader1@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to reader1@example.com' });
    const text = within(dialog).getByRole('textbox', { name: 'Your reply' });
    expect(text).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(text).toHaveAccessibleDescription('Please write a reply 0 of 5,000 characters');
    await user.type(text, 'Thanks, fixed.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent to reader1@example.com.')).toBeInTheDocument();
    expect(apiCalls('POST /api/admin/feedback/f1/reply')[0]!.body).toEqual({ message: 'Thanks, fixed.' });
    expect(await within(list).findByText(/^Replied on Nov 25, 2026/)).toBeInTheDocument();
  });

  it('pages ten at a time', async () => {
    feedbackServer(Array.from({ length: 23 }, (_, i) => item(i + 1, 'open')));
    const { user, router } = renderApp('/admin/feedback');
    const list = await screen.findByRole('list', { name: 'Open feedback' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('1–10 of 23')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: /Previous/ })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await within(pages).findByText('11–20 of 23')).toBeInTheDocument();
    expect(apiCalls('GET /api/admin/feedback').at(-1)!.url.searchParams.get('offset')).toBe('10');
    await user.click(within(pages).getByRole('button', { name: /Next/ }));
    expect(await within(pages).findByText('21–23 of 23')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: /Next/ })).toBeDisabled();
  });
});
