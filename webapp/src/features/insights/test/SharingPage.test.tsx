import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const PAGE = { timeout: 20_000 };

describe('Sharing page', () => {
  it('says plainly why an active link cannot be shown again', async () => {
    signedInAs();
    mockApi({ 'GET /api/sharing': () => json(200, { calendarFeed: { createdAt: '2026-11-01T08:00:00Z', readNext: true }, progressLink: null }) });
    renderApp('/settings/sharing');
    expect(await screen.findByText(/Active since/, undefined, PAGE)).toBeInTheDocument();
    expect(screen.getAllByText(/the address is not kept, only a fingerprint of it, so it cannot be shown again/)).toHaveLength(1);
    expect(screen.getByText('No link yet.')).toBeInTheDocument();
  });
});
