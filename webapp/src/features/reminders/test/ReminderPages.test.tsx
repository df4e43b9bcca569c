import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, signedInAs, type ApiCall } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const PAGE = { timeout: 20_000 };

const OFF = { enabled: false, time: '07:30', days: [1, 2, 3, 4, 5, 6, 7], onlyIfUnread: true, onlyIfPlanUnread: false, channels: ['email'], paused: false, timeZone: 'Europe/Berlin', next: null as string | null };

describe('Reminder settings', () => {
  it('turns a reminder on and lists it', async () => {
    signedInAs();
    let saved = OFF;
    mockApi({
      'GET /api/reminders': () => json(200, saved),
      'PUT /api/reminders': (call: ApiCall) => {
        saved = { ...OFF, ...(call.body as object), paused: false, next: '2026-03-09T05:45:00Z' };
        return json(200, saved);
      },
    });
    const { user } = renderApp('/settings/reminder');
    // The heading shows while the reminder loads; the summary once it is in.
    const summary = await screen.findByRole('region', { name: 'Your reminder' }, PAGE);
    expect(within(summary).getByText('Reminders are off.')).toBeInTheDocument();
    expect(screen.getByLabelText('Time', { exact: true })).toHaveAccessibleDescription('In your time zone, Europe/Berlin (change it in reading settings).');

    await user.click(screen.getByRole('checkbox', { name: 'Remind me to read' }));
    const time = screen.getByLabelText('Time', { exact: true });
    await user.clear(time);
    await user.type(time, '06:45');
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.click(screen.getByRole('button', { name: 'Save reminder' }));

    expect(await screen.findByText('Reminder saved')).toBeInTheDocument();
    expect(apiCalls('PUT /api/reminders')[0]!.body).toEqual({ enabled: true, time: '06:45', days: [1, 2, 3, 4, 5, 6], onlyIfUnread: true, onlyIfPlanUnread: false, channels: ['email'] });
    const listed = await within(screen.getByRole('region', { name: 'Your reminder' })).findByText('On at 06:45, Monday, Tuesday, Wednesday, Thursday, Friday, and Saturday');
    expect(listed).toBeInTheDocument();
  });

  it('reminds only while the plan reading of the day is not done', async () => {
    signedInAs();
    let saved = { ...OFF, enabled: true, next: '2026-03-09T06:30:00Z' };
    mockApi({
      'GET /api/reminders': () => json(200, saved),
      'PUT /api/reminders': (call: ApiCall) => {
        saved = { ...saved, ...(call.body as object) };
        return json(200, saved);
      },
    });
    const { user } = renderApp('/settings/reminder');
    const option = await screen.findByRole('checkbox', { name: "Only if today's plan reading is not done" }, PAGE);
    expect(option).toHaveAccessibleDescription("The reminder names the plan's day, such as “Day 12 of M'Cheyne”.");

    await user.click(screen.getByRole('checkbox', { name: "Only if I haven't logged anything today" }));
    await user.click(option);
    await user.click(screen.getByRole('button', { name: 'Save reminder' }));

    expect(await screen.findByText('Reminder saved')).toBeInTheDocument();
    expect(apiCalls('PUT /api/reminders')[0]!.body).toMatchObject({ onlyIfUnread: false, onlyIfPlanUnread: true });
    const summary = screen.getByRole('region', { name: 'Your reminder' });
    expect(await within(summary).findByText("Only on days your plan's reading is waiting")).toBeInTheDocument();
    expect(within(summary).queryByText("Only on days you haven't logged anything")).not.toBeInTheDocument();
  });

  it('says when reminders are paused', async () => {
    signedInAs();
    mockApi({ 'GET /api/reminders': () => json(200, { ...OFF, enabled: true, paused: true }) });
    renderApp('/settings/reminder');
    expect(await screen.findByText(/Reminders are paused: the last 3 went unanswered/, {}, PAGE)).toBeInTheDocument();
  });
});

describe('Unsubscribe page', () => {
  it('changes nothing until the button is pressed', async () => {
    mockApi({
      'GET /api/reminders/unsubscribe': () => new Response(null, { status: 204 }),
      'POST /api/reminders/unsubscribe': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/daily-reminder-unsubscribe?token=abc');
    await screen.findByRole('heading', { level: 1, name: 'Stop daily reminders' }, PAGE);
    expect(apiCalls('POST /api/reminders/unsubscribe')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop reminders' }));
    expect(await screen.findByText('Reminders are off.')).toBeInTheDocument();
    expect(apiCalls('POST /api/reminders/unsubscribe')[0]!.url.searchParams.get('token')).toBe('abc');
  });

  it('explains a link that no longer works before the button is pressed', async () => {
    mockApi({
      'GET /api/reminders/unsubscribe': () => apiError(404, 'not_found', [{ code: 'reminder_token_invalid' }]),
      'POST /api/reminders/unsubscribe': () => apiError(404, 'not_found', [{ code: 'reminder_token_invalid' }]),
    });
    renderApp('/daily-reminder-unsubscribe?token=old');
    expect(await screen.findByText(/This link no longer works/, undefined, PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop reminders' })).not.toBeInTheDocument();
    expect(apiCalls('POST /api/reminders/unsubscribe')).toHaveLength(0);
  });

  it('still offers the button when the link cannot be checked', async () => {
    mockApi({
      'GET /api/reminders/unsubscribe': () => apiError(500, 'internal_error'),
      'POST /api/reminders/unsubscribe': () => apiError(404, 'not_found', [{ code: 'reminder_token_invalid' }]),
    });
    const { user } = renderApp('/daily-reminder-unsubscribe?token=old');
    await user.click(await screen.findByRole('button', { name: 'Stop reminders' }, PAGE));
    expect(await screen.findByText(/This link no longer works/)).toBeInTheDocument();
  });
});
