import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import type * as Upload from '../upload';
import type { ImportResult } from '../upload';

const sendImport = vi.hoisted(() => vi.fn());
vi.mock('../upload', async (original) => ({ ...(await original<typeof Upload>()), sendImport }));

const PAGE = { timeout: 20_000 };

const preview: ImportResult = {
  counts: { new: 2, existing: 0, invalid: 1 },
  rows: [
    { line: 1, status: 'new', reason: '', date: '2024-01-03', startVerseId: 101001001, endVerseId: 101003024 },
    { line: 2, status: 'invalid', reason: 'invalid_book_name', date: '2024-01-04', startVerseId: 0, endVerseId: 0, text: '2024-01-04 Nobook 2' },
    { line: 3, status: 'new', reason: '', date: '2023-12-01', startVerseId: 143003016, endVerseId: 143003016 },
  ],
  firstDate: '2023-12-01',
  lastDate: '2024-01-04',
  lookBackDate: '2024-01-01',
  moveLookBackTo: '2023-12-01',
  settingsRestored: false,
};

describe('Import page', () => {
  beforeEach(() => sendImport.mockReset());

  it('previews pasted readings, imports them and offers to move the look-back date', async () => {
    signedInAs();
    mockApi({ 'PUT /api/settings': (call) => json(200, { lookBackDate: (call.body as { lookBackDate: string }).lookBackDate }) });
    sendImport.mockResolvedValueOnce(preview).mockResolvedValueOnce(preview);
    const { user } = renderApp('/settings/import');
    await screen.findByRole('heading', { level: 1, name: 'Import readings' }, PAGE);
    expect(screen.getByLabelText('Choose a file')).toHaveAttribute('type', 'file');

    await user.type(screen.getByRole('textbox', { name: 'Readings, one per line' }), '2024-01-03 Gen 1-3');
    await user.click(screen.getByRole('button', { name: 'Preview pasted text' }));
    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    expect(sendImport).toHaveBeenLastCalledWith({ body: '2024-01-03 Gen 1-3', name: 'pasted.txt' }, true, expect.any(Function));
    const counts = screen.getByRole('list', { name: 'Rows by status' });
    expect(within(counts).getByText('New: 2')).toBeInTheDocument();
    expect(within(counts).getByText('Invalid: 1')).toBeInTheDocument();
    const invalid = within(table).getAllByRole('row')[2]!;
    expect(within(invalid).getByText('Unknown book name')).toBeInTheDocument();
    // The line as written, without the date its own column shows.
    expect(within(invalid).getByText('Nobook 2')).toBeInTheDocument();
    expect(within(table).getByText('Genesis 1-3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import new readings (2)' }));
    expect(await screen.findByText('New readings added: 2.')).toBeInTheDocument();
    expect(sendImport).toHaveBeenLastCalledWith({ body: '2024-01-03 Gen 1-3', name: 'pasted.txt' }, false, expect.any(Function));
    await user.click(screen.getByRole('button', { name: 'Move look-back date' }));
    expect(await screen.findByText(/Look-back date moved to/)).toBeInTheDocument();
  });

  it('shows a bad file’s error in the reader’s words', async () => {
    signedInAs();
    sendImport.mockRejectedValueOnce({ status: 400, code: 'invalid_request', details: [{ code: 'import_empty' }] });
    const { user } = renderApp('/settings/import');
    const input = await screen.findByLabelText('Choose a file', {}, PAGE);
    await user.upload(input, new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is empty.');
  });
});
