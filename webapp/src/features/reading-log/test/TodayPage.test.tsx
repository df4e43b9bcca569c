import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { PAGE, fakeReader, SETTINGS, utcToday } from './fixtures';

describe('Today', () => {
  it('asks for entries, settings, counts, suggestions, streak and progress in one round', async () => {
    const today = utcToday();
    let releaseSettings: () => void = () => {};
    const settingsHeld = new Promise<void>((resolve) => (releaseSettings = resolve));
    fakeReader({
      extra: {
        'GET /api/settings': async () => {
          await settingsHeld;
          return json(200, SETTINGS);
        },
      },
    });
    renderApp('/today');
    await screen.findByRole('heading', { level: 1, name: 'Today' }, PAGE);
    // While the settings are still on their way, every other request has gone out already,
    // with today computed in the browser.
    await waitFor(() => {
      expect(apiCalls('GET /api/reading-suggestions')).toHaveLength(1);
      expect(apiCalls('GET /api/insights/streak')).toHaveLength(1);
      expect(apiCalls('GET /api/insights/date-verse-counts')).toHaveLength(1);
      expect(apiCalls('GET /api/progress')).toHaveLength(1);
    });
    expect(apiCalls('GET /api/log-entries')).toHaveLength(1);
    expect(apiCalls('GET /api/settings')).toHaveLength(1);
    expect(apiCalls('GET /api/reading-suggestions')[0]!.url.searchParams.get('today')).toBe(today);
    const counts = apiCalls('GET /api/insights/date-verse-counts')[0]!.url.searchParams;
    expect([counts.get('from'), counts.get('to')]).toEqual([today, today]);
    releaseSettings();
    expect(await screen.findByText('0 / 86')).toBeInTheDocument();
  });

  it('previews typed passages and logs them as one batch, then clears the box and keeps focus', async () => {
    const today = utcToday();
    const state = fakeReader();
    const { user } = renderApp('/today');
    const box = await screen.findByRole('textbox', { name: 'What did you read?' }, PAGE);
    await user.type(box, 'Gen 1; Ps 23');

    const preview = screen.getByRole('heading', { name: 'Will be logged' }).parentElement!;
    expect(within(preview).getByText('Genesis 1')).toBeInTheDocument();
    expect(within(preview).getByText('31 verses')).toBeInTheDocument();
    expect(within(preview).getByText('Psalm 23')).toBeInTheDocument();
    expect(within(preview).getByText('6 verses')).toBeInTheDocument();
    expect(within(preview).getByText('Total: 37 verses')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(await screen.findByText(/Logged Genesis 1; Psalm 23 for today/)).toBeInTheDocument();
    const batch = apiCalls('POST /api/log-entries/batch');
    expect(batch).toHaveLength(1);
    expect(batch[0]!.body).toEqual({
      entries: [
        { date: today, startVerseId: 101001001, endVerseId: 101001031 },
        { date: today, startVerseId: 119023001, endVerseId: 119023006 },
      ],
    });
    expect(state.log).toHaveLength(2);
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();

    // The list shows both entries from the server's answer, with their verse counts.
    const list = await screen.findByRole('list', { name: 'Read today' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('Genesis 1')).toBeInTheDocument();
    expect(within(list).getByText('Psalm 23')).toBeInTheDocument();
    // Projections were asked again after the write.
    await waitFor(() => expect(apiCalls('GET /api/reading-suggestions').length).toBeGreaterThan(1));
    expect(apiCalls('GET /api/insights/streak').length).toBeGreaterThan(1);
  });

  it('shows the parser error naming the failing part, and saves nothing', async () => {
    fakeReader();
    const { user } = renderApp('/today');
    const box = await screen.findByRole('textbox', { name: 'What did you read?' }, PAGE);
    await user.type(box, 'Gen 1; Jhnn 3{Enter}');
    expect(await screen.findByText('Invalid book name: “Jhnn 3”')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box);
    await user.type(box, 'Jude 2');
    expect(screen.getByText('Invalid verse range: “Jude 2”')).toBeInTheDocument();
    expect(apiCalls('POST /api/log-entries/batch')).toHaveLength(0);
  });

  it('logs for yesterday with the quick toggle, and warns when the date is before the look-back date', async () => {
    const today = utcToday();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    fakeReader({ settings: { ...SETTINGS, lookBackDate: today } });
    const { user } = renderApp('/today');
    const box = await screen.findByRole('textbox', { name: 'What did you read?' }, PAGE);
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(screen.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Date read')).toHaveValue(yesterday);
    await user.type(box, 'Jn 3{Enter}');
    const alert = await screen.findByRole('alertdialog', { name: 'Before your look-back date' });
    expect(alert).toHaveTextContent('won’t count toward your progress');
    expect(apiCalls('POST /api/log-entries/batch')[0]!.body).toEqual({
      entries: [{ date: yesterday, startVerseId: 143003001, endVerseId: 143003036 }],
    });
  });

  it('shows a failed save beside the form and keeps the text', async () => {
    fakeReader({ extra: { 'POST /api/log-entries/batch': () => apiError(500, 'internal_error') } });
    const { user } = renderApp('/today');
    const box = await screen.findByRole('textbox', { name: 'What did you read?' }, PAGE);
    await user.type(box, 'Ps 23{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(box).toHaveValue('Ps 23');
  });

  it('puts a date the server refuses beside the date, focused, and keeps the text', async () => {
    fakeReader({
      extra: { 'POST /api/log-entries/batch': () => apiError(400, 'validation_error', [{ field: 'entries.0.date', code: 'is_invalid' }]) },
    });
    const { user } = renderApp('/today');
    const box = await screen.findByRole('textbox', { name: 'What did you read?' }, PAGE);
    await user.type(box, 'Ps 23{Enter}');
    const date = screen.getByLabelText('Date read');
    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription(/Please enter a valid date/i);
    expect(box).toHaveValue('Ps 23');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs a suggestion for today with its Log button', async () => {
    const today = utcToday();
    fakeReader({
      extra: {
        'GET /api/reading-suggestions': () =>
          json(200, [
            {
              startVerseId: 101002001,
              endVerseId: 101002025,
              suggestionContext: { kind: 'continue', afterEntry: { startVerseId: 101001001, endVerseId: 101001031, date: '2026-01-01' } },
            },
            { startVerseId: 140001001, endVerseId: 140001025, suggestionContext: { kind: 'nt' } },
          ]),
      },
    });
    const { user } = renderApp('/today');
    expect(await screen.findByText('Continue after Genesis 1', {}, PAGE)).toBeInTheDocument();
    expect(screen.getByText('Something new in the New Testament')).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Open: Genesis 2 in Bible Gateway (new tab)' });
    expect(open).toHaveAttribute('href', 'https://www.biblegateway.com/passage/?search=Genesis%202&version=NASB');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await user.click(screen.getByRole('button', { name: 'Actions: Genesis 2' }));
    expect(screen.getByRole('menuitem', { name: 'Take a note: Genesis 2' })).toHaveAttribute('href', '/notes?compose=101002001-101002025');
    expect(screen.getByRole('menuitem', { name: 'View notes: Genesis 2' })).toHaveAttribute(
      'href',
      '/notes?filterPassageStartVerseId=101002001&filterPassageEndVerseId=101002025',
    );
    await user.click(screen.getByRole('button', { name: 'Log today: Genesis 2' }));
    await waitFor(() => expect(apiCalls('POST /api/log-entries')).toHaveLength(1));
    expect(apiCalls('POST /api/log-entries')[0]!.body).toEqual({ date: today, startVerseId: 101002001, endVerseId: 101002025 });
  });

  it('celebrates a finished book', async () => {
    let finished = false;
    const progress = () => {
      const summary = { versesRead: 0, totalVerses: 1, percentage: 0, chaptersRead: 0, chapterCount: 1, complete: false };
      return {
        bible: summary,
        oldTestament: summary,
        newTestament: summary,
        books: Array.from({ length: 66 }, (_, i) => ({ ...summary, book: i + 1, complete: finished && i === 64, segments: [] })),
      };
    };
    fakeReader({ extra: { 'GET /api/progress': () => json(200, progress()) } });
    mockApi({
      'POST /api/log-entries/batch': (call) => {
        finished = true;
        const entries = (call.body as { entries: { date: string; startVerseId: number; endVerseId: number }[] }).entries;
        return json(201, entries.map((e, i) => ({ ...e, id: `n${i}`, createdAt: '', updatedAt: '' })));
      },
    });
    const { user } = renderApp('/today');
    const box = await screen.findByRole('textbox', { name: 'What did you read?' }, PAGE);
    await waitFor(() => expect(apiCalls('GET /api/progress')).toHaveLength(1));
    await user.type(box, 'Jude{Enter}');
    expect(await screen.findByRole('dialog', { name: 'You finished Jude!' })).toBeInTheDocument();
  });

  it('welcomes a new reader: the goal a date means, then the choices saved with welcomeDone', async () => {
    let settings = { ...SETTINGS, welcomeDone: false };
    fakeReader({
      extra: {
        'GET /api/settings': () => json(200, settings),
        'PUT /api/settings': ({ body }) => json(200, (settings = { ...settings, ...(body as object) })),
      },
    });
    const { user } = renderApp('/today');
    const welcome = await screen.findByRole('region', { name: 'Welcome to Lamplight' }, PAGE);
    expect(within(welcome).getByText('86 new verses a day')).toBeInTheDocument();
    await user.click(within(welcome).getByRole('radio', { name: 'My own pace' }));
    await user.type(within(welcome).getByRole('spinbutton', { name: 'Verses a day' }), '0');
    expect(within(welcome).getByText('Enter a whole number from 1 to 1,111.')).toBeInTheDocument();
    // Starting with the problem unsolved saves nothing and takes the reader to the field.
    await user.click(within(welcome).getByRole('button', { name: 'Start reading' }));
    expect(within(welcome).getByRole('spinbutton', { name: 'Verses a day' })).toHaveFocus();
    expect(within(welcome).getByRole('spinbutton', { name: 'Verses a day' })).toHaveAttribute('aria-invalid', 'true');
    expect(apiCalls('PUT /api/settings')).toHaveLength(0);
    await user.clear(within(welcome).getByRole('spinbutton', { name: 'Verses a day' }));
    await user.type(within(welcome).getByRole('spinbutton', { name: 'Verses a day' }), '40');
    await user.click(within(welcome).getByRole('button', { name: 'Start reading' }));
    await waitFor(() => expect(apiCalls('PUT /api/settings')).toHaveLength(1));
    expect(apiCalls('PUT /api/settings')[0]!.body).toMatchObject({ dailyVerseCountGoal: 40, preferredBibleVersion: 'NASB2020', welcomeDone: true });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Welcome to Lamplight' })).not.toBeInTheDocument());
  });

  it('keeps the welcome choices when saving fails, and says why', async () => {
    fakeReader({
      settings: { ...SETTINGS, welcomeDone: false },
      extra: { 'PUT /api/settings': () => apiError(500, 'internal_error') },
    });
    const { user } = renderApp('/today');
    const welcome = await screen.findByRole('region', { name: 'Welcome to Lamplight' }, PAGE);
    await user.click(within(welcome).getByRole('radio', { name: 'My own pace' }));
    await user.type(within(welcome).getByRole('spinbutton', { name: 'Verses a day' }), '40');
    await user.click(within(welcome).getByRole('button', { name: 'Start reading' }));
    const alert = await within(welcome).findByRole('alert');
    expect(alert).toHaveTextContent('Your choices could not be saved. Please try again.');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    expect(within(welcome).getByRole('spinbutton', { name: 'Verses a day' })).toHaveValue(40);
    expect(within(welcome).getByRole('button', { name: 'Start reading' })).not.toHaveAttribute('aria-disabled');
  });
});

describe("Today's From your plans", () => {
  const GEN_1 = { startVerseId: 101001001, endVerseId: 101001031 };
  const MATT_1 = { startVerseId: 140001001, endVerseId: 140001025 };

  /** A plan of one day, done from the log as the server does it for exact passages. */
  function planFrom(log: { date: string; startVerseId: number; endVerseId: number }[], today: string) {
    const passagesDone = [GEN_1, MATT_1].map((range) => log.some((e) => e.startVerseId === range.startVerseId && e.endVerseId === range.endVerseId));
    const done = passagesDone.every(Boolean);
    return {
      id: 'plan-1', name: "M'Cheyne", description: '', source: 'mcheyne', startDate: today, weekdays: [1, 2, 3, 4, 5, 6, 7], paused: false, actions: [], today,
      totalDays: 1, days: [{ day: 1, date: today, done, state: done ? 'done' : passagesDone.some(Boolean) ? 'partly' : 'open', passages: [GEN_1, MATT_1], passagesDone }],
      nextDay: done ? null : 1, scheduledDay: 1, daysDone: done ? 1 : 0, behind: 0, endDate: today, projectedFinish: done ? null : today, minutesPerDay: 5,
      createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
    };
  }

  it("shows today's passages per plan, logs each in one tap and marks the day complete after the last", async () => {
    const today = utcToday();
    const state = fakeReader({ extra: { 'GET /api/reading-plans': () => json(200, [planFrom(state.log, today)]) } });
    const { user } = renderApp('/today');
    const section = await screen.findByRole('region', { name: 'From your plans' }, PAGE);
    const plan = within(section).getByRole('listitem', { name: "Day 1 of M'Cheyne's calendar" });
    await user.click(within(plan).getByRole('button', { name: 'Log: Genesis 1' }));
    await waitFor(() => expect(within(plan).queryByRole('button', { name: 'Log: Genesis 1' })).not.toBeInTheDocument());
    expect(within(plan).queryByText('Day complete')).not.toBeInTheDocument();
    await user.click(within(plan).getByRole('button', { name: 'Log: Matthew 1' }));
    expect(await within(plan).findByText('Day complete')).toBeInTheDocument();
    expect(apiCalls('POST /api/log-entries').map((call) => call.body)).toEqual([
      { date: today, ...GEN_1 },
      { date: today, ...MATT_1 },
    ]);
  });

  it('shows nothing of plans to a reader without one', async () => {
    fakeReader();
    renderApp('/today');
    await screen.findByRole('heading', { level: 1, name: 'Today' }, PAGE);
    await waitFor(() => expect(apiCalls('GET /api/reading-plans')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'From your plans' })).not.toBeInTheDocument();
  });
});
