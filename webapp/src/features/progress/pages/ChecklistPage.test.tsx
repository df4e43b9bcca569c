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
      'DELETE /api/log-entries/earlier-2': () => json(200, { deleted: true }),
    });
  });

  it('logs, removes and explains chapters from their cells', async () => {
    const { user } = renderApp('/checklist');
    const genesis = await screen.findByRole('button', { name: /^Genesis/, expanded: false });
    await user.click(genesis);
    expect(genesis).toHaveAttribute('aria-expanded', 'true');

    const cells = screen.getByRole('group', { name: 'Genesis' });
    expect(within(cells).getAllByRole('button', { name: /^Genesis \d+, / })).toHaveLength(50);
    expect(within(cells).getAllByRole('button', { name: /^Actions: Genesis \d+$/ })).toHaveLength(50);
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

  it("offers a chapter's actions from its cell: open, continue, edit, and delete its entries after asking", async () => {
    const { user } = renderApp('/checklist');
    await user.click(await screen.findByRole('button', { name: /^Genesis/, expanded: false }));
    const cells = screen.getByRole('group', { name: 'Genesis' });

    const menuButton = within(cells).getByRole('button', { name: 'Actions: Genesis 2' });
    menuButton.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Actions: Genesis 2' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Open in Bible Gateway',
      'Continue reading',
      'Log…',
      'Take a note',
      'View notes',
      'Reading log',
      'Edit entry',
      'Delete entries',
    ]);
    expect(items[0]).toHaveFocus();
    expect(items[0]).toHaveAccessibleName('Open in Bible Gateway: Genesis 2 (opens in a new tab)');
    expect(items[0]).toHaveAttribute('href', 'https://www.biblegateway.com/passage/?search=Genesis%202&version=NASB');
    expect(items[1]).toHaveAccessibleName('Continue reading: Genesis 3 in Bible Gateway (opens in a new tab)');
    expect(within(menu).getByRole('menuitem', { name: 'Reading log: Genesis 2' })).toHaveAttribute('href', '/log?passage=101002001-101002025');

    // Edit opens the log editor on the chapter's one entry.
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit entry: Genesis 2' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit entry' });
    expect(within(editor).getByLabelText('Date')).toHaveValue('2026-01-02');
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Delete asks first; cancelling deletes nothing.
    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Delete entries: Genesis 2' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete the entries of Genesis 2?' });
    expect(confirm).toHaveTextContent('1 entry of Genesis 2 will be removed from your log.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(apiCalls('DELETE /api/log-entries/earlier-2')).toHaveLength(0);

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Delete entries: Genesis 2' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete the entries of Genesis 2?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(apiCalls('DELETE /api/log-entries/earlier-2')).toHaveLength(1));
    expect(await screen.findByText('Deleted 1 entry of Genesis 2.')).toBeInTheDocument();
  });

  it('offers no Continue, Edit or Delete for a chapter never read', async () => {
    const { user } = renderApp('/checklist');
    await user.click(await screen.findByRole('button', { name: /^Genesis/, expanded: false }));
    await user.click(within(screen.getByRole('group', { name: 'Genesis' })).getByRole('button', { name: 'Actions: Genesis 10' }));
    const names = within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect(names).toEqual(['Open in Bible Gateway', 'Log…', 'Take a note', 'View notes', 'Reading log']);
  });
});
