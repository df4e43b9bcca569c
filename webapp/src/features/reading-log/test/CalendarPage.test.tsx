import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, json } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { PAGE, fakeReader, SETTINGS } from './fixtures';

const MARCH_COUNTS = {
  '2025-03-03': { total: 90, unique: 86 },
  '2025-03-04': { total: 40, unique: 12 },
  '2025-02-27': { total: 10, unique: 0 },
  '2025-03-05': { total: 120, unique: 20 },
};

function marchReader() {
  return fakeReader({
    settings: { ...SETTINGS, lookBackDate: '2025-03-02' },
    entries: [
      { id: 'a', date: '2025-03-04', startVerseId: 101001001, endVerseId: 101001031, createdAt: '2025-03-04T07:00:00Z', updatedAt: '' },
      { id: 'b', date: '2025-03-04', startVerseId: 119023001, endVerseId: 119023006, createdAt: '2025-03-04T08:00:00Z', updatedAt: '' },
    ],
    extra: { 'GET /api/insights/date-verse-counts': () => json(200, MARCH_COUNTS) },
  });
}

describe('Calendar', () => {
  it('lays the month out Monday first with headers, and asks for the counts of the weeks shown', async () => {
    marchReader();
    renderApp('/calendar?month=2025-03');
    const table = await screen.findByRole('table', { name: 'Reading in March 2025' }, PAGE);
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers[0]).toContain('Monday');
    expect(headers[6]).toContain('Sunday');
    expect(within(table).getAllByRole('row')).toHaveLength(7); // header + 6 weeks
    await waitFor(() => expect(apiCalls('GET /api/insights/date-verse-counts')).toHaveLength(1));
    const params = apiCalls('GET /api/insights/date-verse-counts')[0]!.url.searchParams;
    expect([params.get('from'), params.get('to')]).toEqual(['2025-02-24', '2025-04-06']);
  });

  it('names each day with its date, counts and marks', async () => {
    marchReader();
    renderApp('/calendar?month=2025-03');
    expect(
      await screen.findByRole('button', { name: 'Monday, March 3, 2025, 86 new verses, 90 in total, goal met' }, PAGE),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tuesday, March 4, 2025, 12 new verses, 40 in total' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sunday, March 2, 2025, nothing read, look-back date' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Wednesday, March 5, 2025, 20 new verses, 120 in total, goal met in total but not in new verses' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Thursday, February 27, 2025, 0 new verses, 10 in total, before the look-back date' }),
    ).toBeInTheDocument();
  });

  it('moves between days with the arrow keys, and into the next month', async () => {
    marchReader();
    const { user, router } = renderApp('/calendar?month=2025-03&day=2025-03-31');
    const last = await screen.findByRole('button', { name: /^Monday, March 31, 2025/ }, PAGE);
    expect(last).toHaveAttribute('tabindex', '0');
    last.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: /^Sunday, March 30, 2025/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toContain('month=2025-04'));
    expect(await screen.findByRole('table', { name: 'Reading in April 2025' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Tuesday, April 1, 2025/ })).toHaveFocus());
  });

  it('opens a day panel with its entries and adds to a past day', async () => {
    const state = marchReader();
    const { user } = renderApp('/calendar?month=2025-03');
    await user.click(await screen.findByRole('button', { name: /^Tuesday, March 4, 2025/ }, PAGE));
    const panel = await screen.findByRole('region', { name: 'Tuesday, March 4, 2025' });
    expect(within(panel).getByText('12 / 86 new · 40 in total')).toBeInTheDocument();
    const list = within(panel).getByRole('list', { name: 'Entries on March 4, 2025' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Genesis 1')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Actions: Genesis 1' }));
    expect(within(list).getByRole('menuitem', { name: 'Take a note: Genesis 1' })).toHaveAttribute('href', '/notes?compose=101001001-101001031');

    const box = within(panel).getByRole('textbox', { name: 'Add a passage for this day' });
    await user.type(box, 'Ps 24{Enter}');
    await waitFor(() => expect(apiCalls('POST /api/log-entries/batch')).toHaveLength(1));
    expect(apiCalls('POST /api/log-entries/batch')[0]!.body).toEqual({
      entries: [{ date: '2025-03-04', startVerseId: 119024001, endVerseId: 119024010 }],
    });
    expect(state.log).toHaveLength(3);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
  });

  it('goes to other months with the previous and next buttons', async () => {
    marchReader();
    const { user } = renderApp('/calendar?month=2025-03');
    await user.click(await screen.findByRole('button', { name: 'Previous month' }, PAGE));
    expect(await screen.findByRole('table', { name: 'Reading in February 2025' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('table', { name: 'Reading in April 2025' })).toBeInTheDocument();
  });
});
