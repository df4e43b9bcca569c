import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readerApi, type LogEntry } from '@/shared/reader';
import { apiCalls, apiError, mockApi } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { PAGE, fakeReader, utcToday } from './fixtures';

// The whole log is downloaded once; writes here and catch-ups with other devices keep it current.

const PROJECTIONS = ['GET /api/reading-suggestions', 'GET /api/insights/streak', 'GET /api/insights/date-verse-counts', 'GET /api/progress'];

function todaysEntries(): LogEntry[] {
  const today = utcToday();
  return [
    { id: 'gen1', date: today, startVerseId: 101001001, endVerseId: 101001031, createdAt: '2025-12-31T07:00:00Z', updatedAt: '2025-12-31T07:00:00Z' },
    { id: 'ps23', date: today, startVerseId: 119023001, endVerseId: 119023006, createdAt: '2025-12-31T08:00:00Z', updatedAt: '2025-12-31T08:00:00Z' },
  ];
}

/** Today's list, once the log is loaded. */
async function todayList() {
  return screen.findByRole('list', { name: 'Read today' }, PAGE);
}

function passages(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span')!.textContent!);
}

/** How often each projection was asked for so far. */
function projectionCounts(): number[] {
  return PROJECTIONS.map((route) => apiCalls(route).length);
}

async function expectProjectionsAskedAgain(before: number[]) {
  await waitFor(() => PROJECTIONS.forEach((route, i) => expect(apiCalls(route).length, route).toBeGreaterThan(before[i]!)));
}

describe('the cached log', () => {
  it('downloads the whole log once, with its version in the same answer', async () => {
    fakeReader({ entries: todaysEntries() });
    renderApp('/today');
    await todayList();
    const paths = apiCalls()
      .filter((call) => call.path.startsWith('/api/log-entries'))
      .map((call) => `${call.path}${call.url.search}`);
    expect(paths).toEqual(['/api/log-entries']);
  });

  it('shows logged passages from the answer, without downloading the log again, and refreshes the projections', async () => {
    const state = fakeReader({
      entries: todaysEntries(),
      extra: {
        'GET /api/reading-suggestions': { body: [{ startVerseId: 101003001, endVerseId: 101003024, suggestionContext: { kind: 'nt' } }] },
      },
    });
    const { user } = renderApp('/today');
    const list = await todayList();
    await waitFor(() => expect(projectionCounts().every((n) => n === 1)).toBe(true));
    const before = projectionCounts();

    await user.type(screen.getByRole('textbox', { name: 'What did you read?' }), 'Jn 3; Gen 2{Enter}');
    await waitFor(() => expect(passages(list)).toEqual(['Genesis 1', 'Psalm 23', 'John 3', 'Genesis 2']));
    expect(state.log).toHaveLength(4);
    await expectProjectionsAskedAgain(before);

    // A single entry, from a suggestion's Log button.
    const again = projectionCounts();
    await user.click(screen.getByRole('button', { name: 'Log today: Genesis 3' }));
    await waitFor(() => expect(passages(list)).toContain('Genesis 3'));
    await expectProjectionsAskedAgain(again);

    expect(apiCalls('GET /api/log-entries')).toHaveLength(1);
  });

  it('shows an edit and a delete from the answers, without downloading the log again', async () => {
    fakeReader({ entries: todaysEntries() });
    const { user } = renderApp('/today');
    const list = await todayList();
    await waitFor(() => expect(projectionCounts().every((n) => n === 1)).toBe(true));

    await user.click(within(list).getByRole('button', { name: 'Actions: Psalm 23' }));
    await user.click(within(list).getByRole('menuitem', { name: 'Edit: Psalm 23' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit entry' });
    const passage = within(dialog).getByRole('textbox', { name: 'Passage' });
    await user.clear(passage);
    await user.type(passage, 'Ps 24');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(passages(list)).toEqual(['Genesis 1', 'Psalm 24']));
    await expectProjectionsAskedAgain([1, 1, 1, 1]);

    const before = projectionCounts();
    await user.click(within(list).getByRole('button', { name: 'Actions: Genesis 1' }));
    await user.click(within(list).getByRole('menuitem', { name: 'Delete: Genesis 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this entry?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(passages(list)).toEqual(['Psalm 24']));
    await expectProjectionsAskedAgain(before);

    expect(apiCalls('GET /api/log-entries')).toHaveLength(1);
  });

  it('moves an entry whose date changed out of today', async () => {
    const yesterday = new Date(Date.parse(`${utcToday()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    fakeReader({ entries: todaysEntries() });
    const { user } = renderApp('/today');
    const list = await todayList();
    await user.click(within(list).getByRole('button', { name: 'Actions: Genesis 1' }));
    await user.click(within(list).getByRole('menuitem', { name: 'Edit: Genesis 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit entry' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: yesterday } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(passages(list)).toEqual(['Psalm 23']));
    expect(apiCalls('GET /api/log-entries')).toHaveLength(1);
  });

  it('leaves the list as it was when a write fails, and shows the error', async () => {
    fakeReader({
      entries: todaysEntries(),
      extra: {
        'POST /api/log-entries/batch': () => apiError(500, 'internal_error'),
        'PUT /api/log-entries/ps23': () => apiError(500, 'internal_error'),
        'DELETE /api/log-entries/gen1': () => apiError(500, 'internal_error'),
      },
    });
    const { user } = renderApp('/today');
    const list = await todayList();

    await user.type(screen.getByRole('textbox', { name: 'What did you read?' }), 'Jn 3{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');

    await user.click(within(list).getByRole('button', { name: 'Actions: Psalm 23' }));
    await user.click(within(list).getByRole('menuitem', { name: 'Edit: Psalm 23' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit entry' });
    const passage = within(dialog).getByRole('textbox', { name: 'Passage' });
    await user.clear(passage);
    await user.type(passage, 'Ps 24');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(list).getByRole('button', { name: 'Actions: Genesis 1' }));
    await user.click(within(list).getByRole('menuitem', { name: 'Delete: Genesis 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this entry?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(apiCalls('DELETE /api/log-entries/gen1')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContainEqual(expect.stringMatching(/^Error: Something went wrong/)));

    expect(passages(list)).toEqual(['Genesis 1', 'Psalm 23']);
    expect(apiCalls('GET /api/log-entries')).toHaveLength(1);
  });

  it('catches up with writes made elsewhere when the window is back in focus or online', async () => {
    const state = fakeReader({ entries: todaysEntries() });
    renderApp('/today');
    const list = await todayList();
    const version = state.version;

    state.elsewhere.add({ date: utcToday(), startVerseId: 143003001, endVerseId: 143003036 });
    fireEvent.focus(window);
    await waitFor(() => expect(passages(list)).toEqual(['Genesis 1', 'Psalm 23', 'John 3']));
    expect(apiCalls('GET /api/log-entries/changes').at(-1)!.url.searchParams.get('since')).toBe(String(version));

    state.elsewhere.remove('gen1');
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(passages(list)).toEqual(['Psalm 23', 'John 3']));

    expect(apiCalls('GET /api/log-entries')).toHaveLength(1);
  });

  it('keeps the log as it is when a catch-up fails', async () => {
    fakeReader({ entries: todaysEntries() });
    const { store } = renderApp('/today');
    const list = await todayList();
    mockApi({ 'GET /api/log-entries/changes': () => apiError(503, 'internal_error') });
    fireEvent.focus(window);
    await waitFor(() => expect(apiCalls('GET /api/log-entries/changes')).toHaveLength(1));
    await waitFor(() => expect(readerApi.endpoints.getLog.select()(store.getState()).status).toBe('fulfilled'));
    expect(passages(list)).toEqual(['Genesis 1', 'Psalm 23']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
