import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '@/shared/reader';
import { apiCalls, json } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { PAGE, fakeReader, utcToday } from './fixtures';

let n = 0;
const entry = (date: string, startVerseId: number, endVerseId: number): LogEntry => {
  n += 1;
  const at = `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`;
  return { id: `h${n}`, date, startVerseId, endVerseId, createdAt: at, updatedAt: at };
};

/** Three entries a day on 2026-02-01 ... 2026-02-07 (Genesis 1-21), and Psalm 23 on 2026-02-08. */
function week(): LogEntry[] {
  const entries: LogEntry[] = [];
  for (let day = 1; day <= 7; day++) {
    for (let i = 0; i < 3; i++) {
      const chapter = (day - 1) * 3 + i + 1;
      entries.push(entry(`2026-02-0${day}`, 101000001 + chapter * 1000, 101000010 + chapter * 1000));
    }
  }
  entries.push(entry('2026-02-08', 119023001, 119023006));
  return entries;
}

const dayHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('Reading history', () => {
  it('pages whole days, newest first, with totals and the options in the URL', async () => {
    fakeReader({ entries: week() });
    const { user, router } = renderApp('/log?size=10');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reading history' }, PAGE)).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–10 of 22 entries')).toBeInTheDocument();
    expect(dayHeadings()).toEqual(['Sunday, February 8, 2026', 'Saturday, February 7, 2026', 'Friday, February 6, 2026', 'Thursday, February 5, 2026']);

    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–19 of 22 entries')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?size=10&page=2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'oldest');
    expect(await screen.findByText('Showing 1–9 of 22 entries')).toBeInTheDocument();
    expect(dayHeadings()[0]).toBe('Sunday, February 1, 2026');
    expect(router.state.location.search).toBe('?order=oldest&size=10');
  });

  it('filters by a passage and by a date range', async () => {
    fakeReader({ entries: week() });
    const { user, router } = renderApp('/log?size=50');
    await screen.findByText('Showing 1–22 of 22 entries', {}, PAGE);

    await user.type(screen.getByRole('textbox', { name: 'Passage' }), 'Gen 2{Enter}');
    expect(await screen.findByText('Showing 1–1 of 1 entry')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?passage=101002001-101002025&size=50');
    expect(dayHeadings()).toEqual(['Sunday, February 1, 2026']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('Showing 1–22 of 22 entries');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-03' } });
    await screen.findByText('Showing 1–16 of 16 entries');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-04' } });
    expect(await screen.findByText('Showing 1–6 of 6 entries')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?from=2026-02-03&to=2026-02-04&size=50');

    const passage = screen.getByRole('textbox', { name: 'Passage' });
    await user.type(passage, 'Jhnn{Enter}');
    await waitFor(() => expect(passage).toHaveAccessibleDescription('Type one passage, such as “Gen 1” or “John 3:16-21”.'));
    expect(passage).toHaveFocus();
    expect(passage).toHaveValue('Jhnn');
    expect(router.state.location.search).toBe('?from=2026-02-03&to=2026-02-04&size=50');
  });

  it('says so when nothing matches', async () => {
    fakeReader({ entries: week() });
    renderApp('/log?from=2027-01-01');
    expect(await screen.findByText('No entries match these filters.', {}, PAGE)).toBeInTheDocument();
  });

  it('offers continue reading, notes and editing on each entry', async () => {
    fakeReader({ entries: [entry('2026-02-01', 143003001, 143003016)] });
    const { user } = renderApp('/log');
    const list = await screen.findByRole('list', { name: 'Sunday, February 1, 2026' }, PAGE);
    await user.click(within(list).getByRole('button', { name: 'Actions: John 3:1-16' }));
    const next = within(list).getByRole('menuitem', { name: 'Continue reading: John 3:17-36 in Bible Gateway (new tab)' });
    expect(next).toHaveAttribute('href', expect.stringContaining('search=John%203'));
    expect(within(list).getByRole('menuitem', { name: 'View notes: John 3:1-16' })).toHaveAttribute(
      'href',
      '/notes?filterPassageStartVerseId=143003001&filterPassageEndVerseId=143003016',
    );
    await user.keyboard('{Escape}');
    expect(within(list).getByRole('button', { name: 'Actions: John 3:1-16' })).toHaveFocus();
    expect(within(list).queryByRole('menuitem', { name: /^Continue reading/ })).not.toBeInTheDocument();
  });
});

describe('Just opened', () => {
  it('offers to log a passage opened in the Bible app once the reader is back, once', async () => {
    const today = utcToday();
    fakeReader({
      extra: {
        'GET /api/reading-suggestions': () =>
          json(200, [{ startVerseId: 143003001, endVerseId: 143003036, suggestionContext: { kind: 'nt' } }]),
      },
    });
    const { user } = renderApp('/today');
    const open = await screen.findByRole('link', { name: 'Open: John 3 in Bible Gateway (new tab)' }, PAGE);
    // The link opens another tab; the click is all this page sees of it.
    open.addEventListener('click', (event) => event.preventDefault());
    await user.click(open);
    expect(screen.queryByText('You opened John 3 to read')).not.toBeInTheDocument();

    fireEvent.focus(window);
    expect(await screen.findByText('You opened John 3 to read')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Log reading' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log reading' });
    expect(within(dialog).getByRole('textbox', { name: 'Passage' })).toHaveValue('John 3');
    expect(within(dialog).getByLabelText('Date')).toHaveValue(today);
    await user.click(within(dialog).getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(apiCalls('POST /api/log-entries')).toHaveLength(1));
    expect(apiCalls('POST /api/log-entries')[0]!.body).toEqual({ date: today, startVerseId: 143003001, endVerseId: 143003036 });
    await waitFor(() => expect(screen.queryByText('You opened John 3 to read')).not.toBeInTheDocument());

    fireEvent.focus(window);
    expect(screen.queryByText('You opened John 3 to read')).not.toBeInTheDocument();
  });

  it('is dismissed with Dismiss', async () => {
    fakeReader({
      extra: {
        'GET /api/reading-suggestions': () =>
          json(200, [{ startVerseId: 119023001, endVerseId: 119023006, suggestionContext: { kind: 'wisdom' } }]),
      },
    });
    const { user } = renderApp('/today');
    const open = await screen.findByRole('link', { name: 'Open: Psalm 23 in Bible Gateway (new tab)' }, PAGE);
    open.addEventListener('click', (event) => event.preventDefault());
    await user.click(open);
    fireEvent.focus(window);
    await screen.findByText('You opened Psalm 23 to read');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('You opened Psalm 23 to read')).not.toBeInTheDocument();
  });
});

describe('Suggestions', () => {
  it('opens the editor pre-filled from Log…, and says how many verses would be new', async () => {
    const today = utcToday();
    fakeReader({
      entries: [entry('2026-02-01', 101002001, 101002010)],
      extra: {
        'GET /api/reading-suggestions': () =>
          json(200, [{ startVerseId: 101002001, endVerseId: 101002025, suggestionContext: { kind: 'ot' } }]),
      },
    });
    const { user } = renderApp('/today');
    const list = await screen.findByRole('list', { name: 'Read next' }, PAGE);
    expect(await within(list).findByText(/15 new/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Log…: Genesis 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log reading' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue(today);
    expect(screen.getByRole('link', { name: 'View all reading' })).toHaveAttribute('href', '/log');

    // An emptied passage is named beside the field, which receives focus; nothing is saved.
    const passage = within(dialog).getByRole('textbox', { name: 'Passage' });
    await user.clear(passage);
    await user.click(within(dialog).getByRole('button', { name: 'Log' }));
    expect(passage).toHaveFocus();
    expect(passage).toHaveAccessibleDescription('Type a passage first, for example “Gen 1”.');
    expect(apiCalls('POST /api/log-entries')).toHaveLength(0);
  });
});

describe('Recent notes', () => {
  it('shows the latest three notes on Today, with New note and All notes', async () => {
    fakeReader({
      extra: {
        'GET /api/passage-notes': (call) => {
          expect(Object.fromEntries(call.url.searchParams)).toMatchObject({ limit: '3', sortOn: 'createdAt', sortDirection: 'desc' });
          return json(200, {
            offset: 0,
            limit: 3,
            size: 7,
            results: [
              {
                id: 'n1',
                content: 'The **Lord** is my shepherd',
                passages: [{ startVerseId: 119023001, endVerseId: 119023006 }],
                tags: [],
                createdAt: '2026-02-03T08:00:00Z',
                updatedAt: '2026-02-03T08:00:00Z',
              },
            ],
          });
        },
      },
    });
    renderApp('/today');
    const list = await screen.findByRole('list', { name: 'Recent notes' }, PAGE);
    expect(within(list).getByText('Psalm 23')).toBeInTheDocument();
    expect(within(list).getByText('The Lord is my shepherd')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New note' })).toHaveAttribute('href', '/notes?compose=');
    expect(screen.getByRole('link', { name: 'All notes' })).toHaveAttribute('href', '/notes');
  });
});
