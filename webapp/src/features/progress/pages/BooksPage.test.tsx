import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import { SETTINGS, bookDetail, progressOverview } from '../test/fixtures';

// Genesis 1-25: 693 of 1,533 verses, 45%.
const read = [{ startVerseId: 101001001, endVerseId: 101025034 }];

describe('BooksPage', () => {
  beforeEach(() => {
    signedInAs();
    mockApi({
      'GET /api/settings': () => json(200, SETTINGS),
      'GET /api/log-entries': () => json(200, []),
      'GET /api/progress': () => json(200, progressOverview(read)),
      'GET /api/progress/books/1': () => json(200, bookDetail(1, read)),
      'GET /api/passage-notes/counts': () => json(200, { '1': 3 }),
    });
  });

  it('lists books with their percentage and filters by testament', async () => {
    const { user } = renderApp('/books');
    const genesis = await screen.findByRole('link', { name: 'Genesis' });
    expect(genesis).toHaveAttribute('href', '/books/1');
    expect(genesis).toHaveAccessibleDescription('45.2%, Chapters: 25 / 50');
    expect(screen.getByRole('heading', { level: 2, name: '2.22% of the Bible read' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notes on Genesis: 3' })).toHaveAttribute(
      'href',
      '/notes?filterPassageStartVerseId=101001001&filterPassageEndVerseId=101050026',
    );
    expect(screen.getAllByRole('link').filter((a) => /^\/books\/\d+$/.test(a.getAttribute('href') ?? ''))).toHaveLength(66);

    await user.click(screen.getByRole('radio', { name: 'New Testament' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Genesis' })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'New Testament' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Matthew' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '0% of the New Testament read' })).toBeInTheDocument();
  });

  it('shows a book by number or USFM code with its chapters', async () => {
    renderApp('/books/GEN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Genesis' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Genesis 25' })).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Open: Genesis 1 in Bible Gateway (opens in a new tab)' });
    expect(open).toHaveAttribute('href', 'https://www.biblegateway.com/passage/?search=Genesis%201&version=NASB');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getAllByRole('button', { name: /^Log today: Genesis/ })).toHaveLength(50);
    expect(screen.getByRole('link', { name: 'Notes on Genesis 3' })).toHaveAttribute(
      'href',
      '/notes?filterPassageStartVerseId=101003001&filterPassageEndVerseId=101003024',
    );
    expect(screen.getByRole('link', { name: 'All notes on Genesis' })).toHaveAttribute(
      'href',
      '/notes?filterPassageStartVerseId=101001001&filterPassageEndVerseId=101050026',
    );
    expect(screen.getByRole('link', { name: 'Take a note: Genesis' })).toHaveAttribute('href', '/notes?compose=101001001-101050026');
  });

  it("opens the log editor from a chapter tile's actions, with its notes and log", async () => {
    const { user } = renderApp('/books/1');
    const menu = await screen.findByRole('button', { name: 'Actions: Genesis 3' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(screen.getByRole('menuitem', { name: 'Take a note: Genesis 3' })).toHaveAttribute('href', '/notes?compose=101003001-101003024');
    expect(screen.getByRole('menuitem', { name: 'View notes: Genesis 3' })).toHaveAttribute(
      'href',
      '/notes?filterPassageStartVerseId=101003001&filterPassageEndVerseId=101003024',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Log…: Genesis 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log reading' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue(new Date().toISOString().slice(0, 10));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers a fresh read-through once the whole Bible is read, until dismissed', async () => {
    mockApi({ 'GET /api/progress': () => json(200, progressOverview([{ startVerseId: 101001001, endVerseId: 166022021 }])) });
    const { user } = renderApp('/books');
    const card = await screen.findByRole('region', { name: 'Whole Bible read' });
    expect(within(card).getByText('You have read the whole Bible since January 1, 2026.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Start a fresh read-through' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Whole Bible read' })).not.toBeInTheDocument();
    expect(localStorage.getItem('lamplight:fresh-start-dismissed')).toBe('2026-01-01');
  });

  it('answers an unknown book with the not-found page', async () => {
    renderApp('/books/xyz');
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
  });
});
