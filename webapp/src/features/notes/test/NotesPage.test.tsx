import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, signedInAs, type ApiCall } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import type { PassageNote } from '../api';

const note = (n: number, more: Partial<PassageNote> = {}): PassageNote => ({
  id: `note-${n}`,
  content: `Note number ${n}`,
  passages: [],
  tags: [],
  createdAt: `2026-11-${String(n).padStart(2, '0')}T10:00:00Z`,
  updatedAt: `2026-11-${String(n).padStart(2, '0')}T10:00:00Z`,
  ...more,
});

const TAGS = [
  { id: 't1', label: 'Faith', color: '#3b73c4', description: '', noteCount: 1, createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z' },
  { id: 't2', label: 'Prayer', color: '#d64545', description: '', noteCount: 0, createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z' },
];

/** GET /api/passage-notes over a fixed set of notes, paged as the server pages. */
function serveNotes(all: PassageNote[]) {
  return (call: ApiCall) => {
    const limit = Number(call.url.searchParams.get('limit'));
    const offset = Number(call.url.searchParams.get('offset'));
    return json(200, { offset, limit, size: all.length, results: all.slice(offset, offset + limit) });
  };
}

const lastListCall = () => apiCalls('GET /api/passage-notes').at(-1)!.url.searchParams;

describe('NotesPage', () => {
  beforeEach(() => {
    signedInAs();
    mockApi({
      'GET /api/settings': () => json(200, { lookBackDate: '2026-01-01', dailyVerseCountGoal: 86, preferredBibleVersion: 'NASB2020', locale: 'en', timeZone: 'UTC' }),
      'GET /api/log-entries': () => json(200, []),
      'GET /api/passage-note-tags': () => json(200, TAGS),
    });
  });

  it('shows notes with passages, tags, dates and Markdown, never raw HTML', async () => {
    mockApi({
      'GET /api/passage-notes': serveNotes([
        note(1, {
          content: '**Grace** and <b>bold</b> <script>alert(1)</script> [link](javascript:alert(1)) [site](https://example.com)',
          passages: [{ startVerseId: 143003016, endVerseId: 143003021 }, { startVerseId: 119023001, endVerseId: 119023006 }],
          tags: ['t1'],
          updatedAt: '2026-11-03T08:00:00Z',
        }),
      ]),
    });
    const { container } = renderApp('/notes');
    const card = (await screen.findByRole('article', { name: /John 3:16-21/ })) as HTMLElement;
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('John 3:16-21; Psalm 23');
    expect(within(card).getByText('Grace').tagName).toBe('STRONG');
    expect(within(card).getByText(/<b>bold<\/b>/)).toBeInTheDocument();
    expect(container.querySelector('article b, article script')).toBeNull();
    expect(within(card).queryByRole('link', { name: 'link' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://example.com');
    expect(within(card).getByRole('list', { name: 'Tags' })).toHaveTextContent('Faith');
    expect(within(card).getByText(/^Written Nov 1, 2026/)).toBeInTheDocument();
    expect(within(card).getByText(/^edited Nov 3, 2026/)).toBeInTheDocument();
    // Relative on screen, the exact time on hover and for screen readers.
    const written = within(card).getByText(/^Written Nov 1, 2026/).closest('time')!;
    expect(written).toHaveAttribute('title', expect.stringMatching(/^Written Nov 1, 2026/));
    expect(written.querySelector('[aria-hidden="true"]')!.textContent).toMatch(/^Written (\d+ (days|months|years) ago|last (month|year)|yesterday)$/);
    const open = within(card).getByRole('link', { name: 'John 3:16-21' });
    expect(open).toHaveAccessibleDescription('John 3:16-21 in Bible Gateway (opens in a new tab)');
    expect(open).toHaveAttribute('href', 'https://www.biblegateway.com/passage/?search=John%203&version=NASB');
    expect(open).toHaveAttribute('target', '_blank');
    // One page: no pager.
    expect(screen.queryByText('Page 1 of 1')).not.toBeInTheDocument();
  });

  it('invites a first note when there are none, and offers to clear filters when none match', async () => {
    mockApi({ 'GET /api/passage-notes': serveNotes([]) });
    const { user, router } = renderApp('/notes');
    await user.click(await screen.findByRole('button', { name: 'Write your first note' }));
    expect(screen.getByRole('dialog', { name: 'New note' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await router.navigate('/notes?searchText=zzz');
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('leads to the tags screen', async () => {
    mockApi({ 'GET /api/passage-notes': serveNotes([]) });
    renderApp('/de/notes');
    expect(await screen.findByRole('link', { name: 'Schlagwörter verwalten' })).toHaveAttribute('href', '/de/tags');
  });

  it('stages filter changes and applies them together into the URL and the request', async () => {
    mockApi({ 'GET /api/passage-notes': serveNotes([note(1)]) });
    const { user, router } = renderApp('/notes');
    await screen.findByRole('article');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'JÉSUS');
    await user.click(screen.getByRole('checkbox', { name: 'Faith' }));
    await user.click(screen.getByRole('radio', { name: 'all of these tags' }));
    await user.type(screen.getByRole('textbox', { name: 'Passage' }), 'Jn 3');
    await user.click(screen.getByRole('radio', { name: /^Inside it/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Notes per page' }), '20');
    expect(screen.getByText('Changes not applied yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?searchText=J%C3%89SUS&filterTags=t1&filterTagMatching=all&filterPassageStartVerseId=143003001&filterPassageEndVerseId=143003036&filterPassageMatching=exclusive&limit=20',
      ),
    );
    await waitFor(() => expect(lastListCall().get('limit')).toBe('20'));
    const sent = lastListCall();
    expect(sent.get('searchText')).toBe('JÉSUS');
    expect(sent.getAll('filterTags')).toEqual(['t1']);
    expect(sent.get('filterPassageMatching')).toBe('exclusive');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'Passage' })).toHaveValue('');

    // Reset applies a staged change on top of the defaults, then reloads.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'mercy');
    const before = apiCalls('GET /api/passage-notes').length;
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe('?searchText=mercy'));
    await waitFor(() => expect(apiCalls('GET /api/passage-notes').length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('mercy'));
  });

  it('shows a passage it cannot read beside the field and applies nothing', async () => {
    mockApi({ 'GET /api/passage-notes': serveNotes([note(1)]) });
    const { user, router } = renderApp('/notes');
    await screen.findByRole('article');
    const passage = screen.getByRole('textbox', { name: 'Passage' });
    await user.type(passage, 'Hezekiah 3');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(passage).toHaveAccessibleDescription(/“Hezekiah 3” is not a book name we know\./);
    expect(passage).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('explains that exact matching without tags shows untagged notes', async () => {
    mockApi({ 'GET /api/passage-notes': serveNotes([note(1)]) });
    const { user, router } = renderApp('/notes');
    await screen.findByRole('article');
    expect(screen.getByText(/no tag chosen, you see the notes that have no tags/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'exactly these tags' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?filterTagMatching=exact'));
  });

  it('pages through 12 notes ten at a time; Back returns to the first page', async () => {
    mockApi({ 'GET /api/passage-notes': serveNotes(Array.from({ length: 12 }, (_, i) => note(i + 1))) });
    const { user, router } = renderApp('/notes');
    await screen.findByText('Page 1 of 2');
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Page 2 of 2');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(router.state.location.search).toBe('?offset=10');
    expect(screen.getByText('Notes 11–12 of 12')).toBeInTheDocument();

    await router.navigate(-1);
    await screen.findByText('Page 1 of 2');
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    mockApi({ 'GET /api/passage-notes': () => (fail ? apiError(500, 'internal_error') : serveNotes([note(1)])({ url: new URL('http://x/?limit=10&offset=0') } as ApiCall)) });
    const { user } = renderApp('/notes');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your notes could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article');
  });
});

describe('NoteEditor', () => {
  beforeEach(() => {
    signedInAs();
    mockApi({
      'GET /api/settings': () => json(200, { lookBackDate: '2026-01-01', dailyVerseCountGoal: 86, preferredBibleVersion: 'NASB2020', locale: 'en', timeZone: 'UTC' }),
      'GET /api/log-entries': () => json(200, []),
      'GET /api/passage-note-tags': () => json(200, TAGS),
      'GET /api/passage-notes': serveNotes([]),
    });
  });

  it('checks the draft like the server: content or a passage, at most 3,000 characters', async () => {
    const { user } = renderApp('/notes');
    await user.click(await screen.findByRole('button', { name: 'New note' }));
    const dialog = screen.getByRole('dialog', { name: 'New note' });
    const content = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(content).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(content).toHaveAccessibleDescription(/Write something or add a passage\./);
    expect(apiCalls('POST /api/passage-notes')).toHaveLength(0);

    await user.click(content);
    await user.paste('a'.repeat(3001));
    expect(within(dialog).getByText('3,001 / 3,000 characters')).toBeInTheDocument();
    expect(content).toHaveAccessibleDescription(/Must be 3,000 or fewer characters/);
  });

  it('saves typed passages and tags, and keeps the draft with the server errors beside the fields', async () => {
    let attempt = 0;
    mockApi({
      'POST /api/passage-notes': (call) => {
        attempt++;
        if (attempt === 1) return apiError(400, 'validation_error', [{ field: 'tags', code: 'is_invalid' }]);
        return json(201, { ...note(1), ...(call.body as object) });
      },
    });
    const { user } = renderApp('/notes');
    await user.click(await screen.findByRole('button', { name: 'New note' }));
    const dialog = screen.getByRole('dialog', { name: 'New note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'The Lord is my shepherd');
    await user.type(within(dialog).getByRole('textbox', { name: 'Passages' }), 'Gen 1; Ps 23:1-4');
    expect(within(dialog).getByRole('list', { name: 'Passages' })).toHaveTextContent('Genesis 1Psalm 23:1-4');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Prayer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    expect(await within(dialog).findByText('Please enter a valid tag')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('The Lord is my shepherd');
    expect(within(dialog).getByRole('textbox', { name: 'Passages' })).toHaveValue('Gen 1; Ps 23:1-4');

    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apiCalls('POST /api/passage-notes').at(-1)!.body).toEqual({
      content: 'The Lord is my shepherd',
      passages: [
        { startVerseId: 101001001, endVerseId: 101001031 },
        { startVerseId: 119023001, endVerseId: 119023004 },
      ],
      tags: ['t2'],
    });
    expect(await screen.findByText('Note saved.')).toBeInTheDocument();
  });

  it('puts a passage the server refuses beside Passages and moves focus there', async () => {
    mockApi({
      'POST /api/passage-notes': () => apiError(400, 'validation_error', [{ field: 'passages.0.endVerseId', code: 'is_invalid' }]),
    });
    const { user } = renderApp('/notes');
    await user.click(await screen.findByRole('button', { name: 'New note' }));
    const dialog = screen.getByRole('dialog', { name: 'New note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Shepherd');
    const passages = within(dialog).getByRole('textbox', { name: 'Passages' });
    await user.type(passages, 'Ps 23');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(passages).toHaveFocus());
    expect(passages).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Shepherd');
  });

  it('opens pre-filled from a compose link, which then leaves the URL', async () => {
    const { router } = renderApp('/notes?compose=143003016-143003021');
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    expect(within(dialog).getByRole('textbox', { name: 'Passages' })).toHaveValue('John 3:16-21');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('edits and deletes a note after confirmation', async () => {
    const existing = note(1, { passages: [{ startVerseId: 119023001, endVerseId: 119023006 }] });
    mockApi({
      'GET /api/passage-notes': serveNotes([existing]),
      'PUT /api/passage-notes/note-1': (call) => json(200, { ...existing, ...(call.body as object) }),
      'DELETE /api/passage-notes/note-1': () => json(200, { deleted: true }),
    });
    const { user } = renderApp('/notes');
    await user.click(await screen.findByRole('button', { name: 'Edit: Psalm 23' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit note' });
    const content = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(content).toHaveValue('Note number 1');
    await user.clear(content);
    await user.type(content, 'Changed');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(apiCalls('PUT /api/passage-notes/note-1')).toHaveLength(1));
    expect(apiCalls('PUT /api/passage-notes/note-1')[0]!.body).toMatchObject({ content: 'Changed', passages: existing.passages });

    await user.click(await screen.findByRole('button', { name: 'Delete: Psalm 23' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this note?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(apiCalls('DELETE /api/passage-notes/note-1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete: Psalm 23' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(apiCalls('DELETE /api/passage-notes/note-1')).toHaveLength(1));
    expect(await screen.findByText('Note deleted.')).toBeInTheDocument();
  });
});
