import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dateInTimeZone } from '@/shared/reader';
import { apiCalls, apiError, json, mockApi, signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { addDays } from '../model/dates';
import { SETTINGS, progressOverview } from '../test/fixtures';

const today = dateInTimeZone('UTC');
// Genesis 1-25 (693 verses), read today.
const read = [{ startVerseId: 101001001, endVerseId: 101025034 }];

describe('ProgressPage', () => {
  beforeEach(() => {
    signedInAs();
    mockApi({
      'GET /api/settings': () => json(200, { ...SETTINGS, lookBackDate: addDays(today, -9) }),
      'GET /api/log-entries': () => json(200, []),
      'GET /api/progress': () => json(200, progressOverview(read)),
      'GET /api/insights/date-verse-counts': () => json(200, { [today]: { total: 693, unique: 693 } }),
      'PUT /api/settings': ({ body }) => json(200, { ...SETTINGS, ...(body as object) }),
    });
  });

  it('shows what is read and remains, the outlooks, and saves a goal from a date', async () => {
    renderApp('/progress');
    expect(await screen.findByTestId('verses-read')).toHaveTextContent('693');
    expect(screen.getByTestId('verses-remaining')).toHaveTextContent('30,409');
    expect(screen.getByTestId('percent-read')).toHaveTextContent('2.22%');

    // 693 verses in the 10 days since lookBackDate: 69.3 a day, 439 days for 30,409 verses.
    const average = (await screen.findByRole('heading', { name: /^Average since/ })).closest('li')!;
    expect(average).toHaveTextContent('69.3');
    expect(average).toHaveTextContent('439');
    const today1 = screen.getByRole('heading', { name: 'Today' }).closest('li')!;
    expect(today1).toHaveTextContent('693');
    expect(today1).toHaveTextContent('44'); // ceil(30409 / 693)

    const date = screen.getByLabelText('Finish the Bible by');
    fireEvent.change(date, { target: { value: addDays(today, 100) } });
    expect(await screen.findByText('305')).toBeInTheDocument(); // ceil(30409 / 100)
    fireEvent.click(screen.getByRole('button', { name: 'Save as my daily goal' }));
    await waitFor(() => expect(apiCalls('PUT /api/settings')).toHaveLength(1));
    expect(apiCalls('PUT /api/settings')[0]!.body).toEqual({ dailyVerseCountGoal: 305 });
    expect(await screen.findByText('Your daily goal is now 305.')).toBeInTheDocument();

    fireEvent.change(date, { target: { value: today } });
    expect(await screen.findByText('Choose a date after today.')).toBeInTheDocument();
    // Saving a date that gives no goal marks the date and returns the reader to it.
    fireEvent.click(screen.getByRole('button', { name: 'Save as my daily goal' }));
    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription('Choose a date after today.');
    expect(apiCalls('PUT /api/settings')).toHaveLength(1);
  });

  it('keeps the date when the goal cannot be saved, and says why', async () => {
    mockApi({ 'PUT /api/settings': () => apiError(500, 'internal_error') });
    renderApp('/progress');
    const date = await screen.findByLabelText('Finish the Bible by');
    fireEvent.change(date, { target: { value: addDays(today, 100) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save as my daily goal' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The goal could not be saved. Please try again.');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    expect(date).toHaveValue(addDays(today, 100));
  });

  it('says it is too early instead of a date on the first day', async () => {
    mockApi({ 'GET /api/settings': () => json(200, { ...SETTINGS, lookBackDate: today }) });
    renderApp('/progress');
    expect(await screen.findAllByText('Too early to tell: after 7 days of reading, this shows where your pace leads.')).toHaveLength(3);
    const today1 = screen.getByRole('heading', { name: 'Today' }).closest('li')!;
    expect(today1).toHaveTextContent('44'); // ceil(30409 / 693)
  });

  it('shows no finish date when nothing was read', async () => {
    mockApi({
      'GET /api/progress': () => json(200, progressOverview([])),
      'GET /api/insights/date-verse-counts': () => json(200, {}),
    });
    renderApp('/progress');
    expect(await screen.findByTestId('verses-remaining')).toHaveTextContent('31,102');
    expect(await screen.findAllByText('Nothing new read in this period yet.')).toHaveLength(4);
  });
});
