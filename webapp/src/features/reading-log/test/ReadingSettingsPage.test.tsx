import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BIBLE_APP_STORAGE_KEY } from '@/shared/reader';
import { apiCalls, apiError } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { PAGE, SETTINGS, fakeReader } from './fixtures';

describe('Reading settings', () => {
  it('shows the days for the whole Bible, offers the year goal and saves every field', async () => {
    localStorage.clear();
    const state = fakeReader();
    const { user } = renderApp('/settings/reading');
    const goal = await screen.findByRole('spinbutton', { name: 'Daily goal (new verses)' }, PAGE);
    expect(screen.getByText('That is the whole Bible in 362 days.')).toBeInTheDocument();
    await user.clear(goal);
    await user.type(goal, '100');
    expect(screen.getByText('That is the whole Bible in 312 days.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'The Bible in a year (86)' }));
    expect(goal).toHaveValue(86);
    await user.clear(goal);
    await user.type(goal, '50');

    await user.click(screen.getByRole('radio', { name: /Blue Letter Bible/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rest days per week' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Start with' }), 'calendar');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Reading settings saved.')).toBeInTheDocument();
    expect(apiCalls('PUT /api/settings')[0]!.body).toMatchObject({
      dailyVerseCountGoal: 50,
      lookBackDate: '2026-01-01',
      preferredBibleVersion: 'NASB2020',
      preferredBibleApp: 'blueletterbible',
      timeZone: 'UTC',
      restDaysPerWeek: 2,
      startPage: 'calendar',
    });
    expect(state.settings.dailyVerseCountGoal).toBe(50);
    expect(localStorage.getItem(BIBLE_APP_STORAGE_KEY)).toBe('blueletterbible');
  });

  it('checks the goal in the browser and shows server field errors beside the fields', async () => {
    fakeReader({
      extra: { 'PUT /api/settings': () => apiError(400, 'validation_error', [{ field: 'timeZone', code: 'is_invalid' }]) },
    });
    const { user } = renderApp('/settings/reading');
    const goal = await screen.findByRole('spinbutton', { name: 'Daily goal (new verses)' }, PAGE);
    await user.clear(goal);
    await user.type(goal, '2000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(goal).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number from 1 to 1,111.'));
    expect(apiCalls('PUT /api/settings')).toHaveLength(0);

    await user.clear(goal);
    await user.type(goal, '86');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await waitFor(() => expect(zone).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid Time zone')));
  });

  it("lists the reader's language's versions first and says where a link opens when the app lacks the version", async () => {
    localStorage.clear();
    fakeReader({ settings: { ...SETTINGS, locale: 'fr', preferredBibleVersion: 'LSG' } });
    const { user } = renderApp('/fr/settings/reading');
    const select = await screen.findByRole('combobox', { name: 'Version de la Bible' }, PAGE);
    const groups = within(select).getAllByRole('group');
    expect(groups[0]).toHaveAttribute('label', 'français');
    expect(within(groups[0]!).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['BDS', 'LSG']);
    expect(groups.length).toBeGreaterThanOrEqual(7);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Blue Letter Bible/ }));
    expect(screen.getByText('Blue Letter Bible ne propose pas la Louis Segond 1910 : les liens l’ouvrent sur Bible Gateway.')).toBeInTheDocument();
    await user.selectOptions(select, 'KJV');
    expect(screen.queryByText(/ne propose pas/)).not.toBeInTheDocument();
  });

  it('sends a signed-in reader opening / to their start page', async () => {
    fakeReader({ settings: { ...SETTINGS, startPage: 'calendar' } });
    const { router } = renderApp('/de');
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/calendar'), PAGE);
    expect(screen.queryByRole('link', { name: 'Kostenlos registrieren' })).not.toBeInTheDocument();
  });
});
