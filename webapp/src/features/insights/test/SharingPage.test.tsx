import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const PAGE = { timeout: 20_000 };

describe('Sharing page', () => {
  it('shows an active link again', async () => {
    signedInAs();
    const url = 'https://lamplight.example/share/progress/abc';
    mockApi({ 'GET /api/sharing': () => json(200, { calendarFeed: null, progressLink: { url, createdAt: '2026-11-01T08:00:00Z', readNext: false } }) });
    renderApp('/settings/sharing');
    expect(await screen.findByText(/Active since/, undefined, PAGE)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your link' })).toHaveValue(url);
    expect(screen.queryByText(/cannot be shown/)).not.toBeInTheDocument();
  });

  it('says plainly why a link made before links were kept cannot be shown again', async () => {
    signedInAs();
    mockApi({ 'GET /api/sharing': () => json(200, { calendarFeed: { url: null, createdAt: '2026-11-01T08:00:00Z', readNext: true }, progressLink: null }) });
    renderApp('/settings/sharing');
    expect(await screen.findByText(/Active since/, undefined, PAGE)).toBeInTheDocument();
    expect(screen.getAllByText(/its address cannot be shown/)).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Your link' })).not.toBeInTheDocument();
    expect(screen.getByText('No link yet.')).toBeInTheDocument();
  });
});
