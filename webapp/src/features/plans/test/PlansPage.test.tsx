import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, json } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { fakePlans, PAGE, utcToday } from './fixtures';

const TEMPLATES = [
  { id: 'mcheyne', name: "M'Cheyne", description: 'Four readings a day.', days: 365, passages: 1460, cyclic: false, minutesPerDay: 17 },
  { id: 'horner', name: "Professor Horner's lists", description: 'Ten lists.', days: 0, passages: 1189, cyclic: true, minutesPerDay: 1 },
];

function library(extra = {}) {
  return { 'GET /api/reading-plans/templates': () => json(200, TEMPLATES), ...extra };
}

describe('Plans page', () => {
  it('offers the library with days and minutes a day, and says when there is no plan yet', async () => {
    fakePlans([], { extra: library() });
    renderApp('/plans');
    await screen.findByRole('heading', { level: 1, name: 'Reading plans' }, PAGE);
    expect(await screen.findByRole('heading', { name: 'No plan yet' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Library' }));
    // Library plans are named in the reader's language.
    expect(cards.getByRole('heading', { name: "M'Cheyne's calendar" })).toBeInTheDocument();
    expect(cards.getByText(/365 days/)).toBeInTheDocument();
    expect(cards.getByText(/about 17 minutes a day/)).toBeInTheDocument();
    expect(cards.getByText(/Ten lists, one chapter from each a day/)).toBeInTheDocument();
  });

  it('starts a plan from today on every weekday by default, then opens it', async () => {
    const today = utcToday();
    const fake = fakePlans([], {
      extra: library({
        'POST /api/reading-plans': () => {
          fake.plans.push({ id: 'plan-new', name: "M'Cheyne", days: [[{ startVerseId: 101001001, endVerseId: 101001031 }]], startDate: today, paused: false, actions: [] });
          return json(201, fake.view(fake.plans.at(-1)!));
        },
        'GET /api/reading-plans/plan-new': () => json(200, fake.view(fake.plans.at(-1)!)),
      }),
    });
    const { user } = renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: "Start M'Cheyne's calendar" }, PAGE));
    const dialog = await screen.findByRole('dialog', { name: "Start M'Cheyne's calendar" });
    expect(within(dialog).getByLabelText('Start date')).toHaveValue(today);
    expect(within(dialog).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(7);
    await user.click(within(dialog).getByRole('button', { name: 'Start plan' }));
    expect(await screen.findByRole('heading', { level: 1, name: "M'Cheyne" })).toBeInTheDocument();
    expect(apiCalls('POST /api/reading-plans')[0]!.body).toEqual({ template: 'mcheyne', startDate: today, weekdays: [1, 2, 3, 4, 5, 6, 7] });
  });

  it('asks for a reading day before starting', async () => {
    fakePlans([], { extra: library() });
    const { user } = renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: "Start M'Cheyne's calendar" }, PAGE));
    const dialog = await screen.findByRole('dialog', { name: "Start M'Cheyne's calendar" });
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Start plan' }));
    expect(await within(dialog).findByText('Choose at least one reading day.')).toBeInTheDocument();
    expect(apiCalls('POST /api/reading-plans')).toHaveLength(0);
  });

  it('lists my plans with their days and passages read', async () => {
    fakePlans([{}], { extra: library() });
    renderApp('/plans');
    const mine = within(await screen.findByRole('list', { name: 'My plans' }, PAGE));
    expect(mine.getByRole('link', { name: "M'Cheyne" })).toHaveAttribute('href', '/plans/plan-1');
    expect(mine.getByText('Next: day 1, Genesis 1; Matthew 1')).toBeInTheDocument();
    expect(mine.getByRole('progressbar', { name: 'Days' })).toHaveAttribute('aria-valuetext', '0 of 3');
    expect(mine.getByRole('progressbar', { name: 'Passages read' })).toHaveAttribute('aria-valuetext', '0 of 6');
  });

  it('previews a generated plan as it is filled in', async () => {
    fakePlans([], { extra: library() });
    const { user } = renderApp('/plans');
    const form = within(await screen.findByRole('form', { name: 'Make a plan' }, PAGE));
    // The New Testament (7,957 verses) in 90 days: 89 verses, about 9 minutes a day.
    expect(form.getByText('90 days, about 9 minutes a day')).toBeInTheDocument();
    const days = form.getByRole('spinbutton', { name: 'Days' });
    await user.clear(days);
    await user.type(days, '31');
    expect(form.getByText('31 days, about 27 minutes a day')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Make plan' }));
    expect(await form.findByText('A Plan name is required')).toBeInTheDocument();
  });

  it('previews an import with the lines it cannot read before starting it', async () => {
    fakePlans([], {
      extra: library({
        'POST /api/reading-plans/import': () =>
          json(200, {
            kind: 'text',
            name: 'Summer',
            days: 2,
            passages: 2,
            minutesPerDay: 4,
            errors: [{ line: 3, text: 'Hezekiah 1', reason: 'invalid_book_name' }],
          }),
      }),
    });
    const { user } = renderApp('/plans');
    const box = await screen.findByRole('textbox', { name: 'Or paste the plan' }, PAGE);
    await user.type(box, 'Summer{Enter}Gen 1{Enter}Hezekiah 1{Enter}Matt 1');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Summer: 2 days, about 4 minutes a day')).toBeInTheDocument();
    expect(screen.getByText('Line 3: Hezekiah 1 (unknown book)')).toBeInTheDocument();
    const sent = apiCalls('POST /api/reading-plans/import')[0]!;
    expect(sent.url.searchParams.get('dryRun')).toBe('true');
    expect(sent.headers.get('Content-Type')).toBe('text/plain');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start this plan' })).toBeInTheDocument());
  });
});
