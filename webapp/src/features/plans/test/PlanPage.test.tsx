import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { fakePlans, GEN_1, GEN_2, MATT_1, MATT_2, GEN_3, MATT_3, PAGE, utcToday } from './fixtures';

describe('Plan page', () => {
  it('leads with what was read and the next passage, and marks today’s day', async () => {
    const today = utcToday();
    fakePlans([{}], { entries: [{ id: 'e1', date: today, ...GEN_2, createdAt: '', updatedAt: '' }] });
    renderApp('/plans/plan-1');
    await screen.findByRole('heading', { level: 1, name: "M'Cheyne" }, PAGE);
    expect(screen.getByText('You read 1 chapter this week · next: Genesis 1; Matthew 1')).toBeInTheDocument();
    const current = screen.getByRole('listitem', { name: /^Day 1/ });
    expect(current).toHaveAttribute('aria-current', 'date');
    expect(within(current).getByText('Today · Open')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: /^Day 2/ })).getByText('Partly read')).toBeInTheDocument();
    expect(screen.queryByText(/behind/i)).not.toBeInTheDocument();
  });

  it('logs a passage in one tap and shows the day complete after the last one', async () => {
    const today = utcToday();
    fakePlans([{}]);
    const { user } = renderApp('/plans/plan-1');
    const day = await screen.findByRole('listitem', { name: /^Day 1/ }, PAGE);
    await user.click(within(day).getByRole('button', { name: 'Log: Genesis 1' }));
    await waitFor(() => expect(within(day).queryByRole('button', { name: 'Log: Genesis 1' })).not.toBeInTheDocument());
    expect(screen.queryByText('Day 1 complete')).not.toBeInTheDocument();
    await user.click(within(day).getByRole('button', { name: 'Log: Matthew 1' }));
    expect(await screen.findByText('Day 1 complete')).toBeInTheDocument();
    expect(apiCalls('POST /api/log-entries').map((call) => call.body)).toEqual([
      { date: today, ...GEN_1 },
      { date: today, ...MATT_1 },
    ]);
    expect(within(day).getByRole('link', { name: 'Open: Genesis 1 in Bible Gateway' })).toHaveAttribute('href', expect.stringContaining('Genesis'));
  });

  it('offers catch-up as a choice when behind, applies it in one tap and undoes it in one more', async () => {
    fakePlans([{ startedDaysAgo: 2 }]);
    const { user } = renderApp('/plans/plan-1');
    const card = await screen.findByRole('region', { name: "Let's find your pace" }, PAGE);
    expect(screen.queryByText(/behind/i)).not.toBeInTheDocument();
    // Today is the schedule's day 3; day 1, still open, is what comes next.
    expect(screen.getByRole('listitem', { name: /^Day 3/ })).toHaveAttribute('aria-current', 'date');
    expect(within(screen.getByRole('listitem', { name: /^Day 1/ })).getByText('Next · Open')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Catch me up' }));
    expect(await screen.findByRole('heading', { name: 'Caught up' })).toBeInTheDocument();
    expect(apiCalls(`POST /api/reading-plans/plan-1/catch-up`)[0]!.body).toEqual({ mode: 'shift' });
    await waitFor(() => expect(screen.getByRole('listitem', { name: /^Day 1/ })).toHaveAttribute('aria-current', 'date'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('region', { name: "Let's find your pace" })).toBeInTheDocument();
    expect(apiCalls(`POST /api/reading-plans/plan-1/catch-up`)[1]!.body).toEqual({ mode: 'undo' });
  });

  it('celebrates a finished plan', async () => {
    const today = utcToday();
    const entries = [GEN_1, MATT_1, GEN_2, MATT_2, GEN_3, MATT_3].map((range, index) => ({ id: `e${index}`, date: today, ...range, createdAt: '', updatedAt: '' }));
    fakePlans([{}], { entries });
    renderApp('/plans/plan-1');
    expect(await screen.findByRole('heading', { name: 'Plan complete!' }, PAGE)).toBeInTheDocument();
    expect(screen.getByText("You read every day of M'Cheyne: 3 days.")).toBeInTheDocument();
  });

  it('deletes the plan after confirmation and goes back to the plans', async () => {
    fakePlans([{}]);
    const { user } = renderApp('/plans/plan-1');
    await user.click(await screen.findByRole('button', { name: 'Delete plan' }, PAGE));
    const dialog = await screen.findByRole('alertdialog', { name: "Delete M'Cheyne?" });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reading plans' })).toBeInTheDocument();
    expect(apiCalls('DELETE /api/reading-plans/plan-1')).toHaveLength(1);
  });
});
