import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dateInTimeZone } from '@/shared/reader';
import { apiCalls, json, mockApi, signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { SETTINGS, chapter, progressOverview } from '../test/fixtures';

const today = dateInTimeZone('UTC');
const genesis1 = chapter(1, 1);
const genesis2 = chapter(1, 2);
const genesis3 = chapter(1, 3);

describe('ChecklistPage', () => {
  beforeEach(() => {
    signedInAs();
    // Genesis 1 logged today as a whole chapter; Genesis 2 read on an earlier day; Genesis 3 half read.
    const entries = [
      { id: 'today-1', date: today, ...genesis1, createdAt: '', updatedAt: '' },
      { id: 'earlier-2', date: '2026-01-02', ...genesis2, createdAt: '', updatedAt: '' },
      { id: 'earlier-3', date: '2026-01-03', startVerseId: genesis3.startVerseId, endVerseId: genesis3.startVerseId + 9, createdAt: '', updatedAt: '' },
    ];
    mockApi({
      'GET /api/settings': () => json(200, SETTINGS),
      'GET /api/log-entries': () => json(200, entries),
      'GET /api/progress': () => json(200, progressOverview(entries)),
      'POST /api/log-entries': ({ body }) => json(201, { id: 'new', ...(body as object), createdAt: '', updatedAt: '' }),
      'DELETE /api/log-entries/today-1': () => json(200, { deleted: true }),
    });
  });

  it('logs, removes and explains chapters from their cells', async () => {
    const { user } = renderApp('/checklist');
    const genesis = await screen.findByRole('button', { name: /^Genesis/, expanded: false });
    await user.click(genesis);
    expect(genesis).toHaveAttribute('aria-expanded', 'true');

    const cells = screen.getByRole('group', { name: 'Genesis' });
    expect(within(cells).getAllByRole('button')).toHaveLength(50);
    expect(within(cells).getByRole('button', { name: 'Genesis 2, read' })).toBeInTheDocument();

    // A partly read chapter is logged whole, for today.
    await user.click(within(cells).getByRole('button', { name: 'Genesis 3, partly read' }));
    await waitFor(() => expect(apiCalls('POST /api/log-entries')).toHaveLength(1));
    expect(apiCalls('POST /api/log-entries')[0]!.body).toEqual({ date: today, ...genesis3 });
    expect(await screen.findByText('Genesis 3 is logged as read today.')).toBeInTheDocument();

    // Today's whole-chapter entry is taken back.
    await waitFor(() => expect(within(cells).getByRole('button', { name: 'Genesis 1, read' })).not.toHaveAttribute('aria-disabled'));
    await user.click(within(cells).getByRole('button', { name: 'Genesis 1, read' }));
    await waitFor(() => expect(apiCalls('DELETE /api/log-entries/today-1')).toHaveLength(1));

    // A chapter read on another day is explained, not changed.
    await waitFor(() => expect(within(cells).getByRole('button', { name: 'Genesis 2, read' })).not.toHaveAttribute('aria-disabled'));
    await user.click(within(cells).getByRole('button', { name: 'Genesis 2, read' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Genesis 2 was read earlier' });
    expect(dialog).toHaveTextContent('calendar');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(apiCalls('POST /api/log-entries')).toHaveLength(1);
    expect(apiCalls('DELETE /api/log-entries/earlier-2')).toHaveLength(0);
  });
});
