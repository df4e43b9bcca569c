import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ListedTag, TagDraft } from '@/shared/tags';
import { apiCalls, apiError, json, mockApi, signedInAs, type ApiCall } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const tag = (id: string, label: string, color: string, noteCount: number, createdAt: string, description = ''): ListedTag => ({
  id,
  label,
  color,
  description,
  noteCount,
  createdAt,
  updatedAt: createdAt,
});

/** A fake tag API that keeps what it is sent, ordered by label as the server does. */
function tagServer(initial: ListedTag[]) {
  let tags = [...initial];
  let next = 100;
  const list = () => [...tags].sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
  const strip = ({ noteCount: _, ...rest }: ListedTag) => rest;
  mockApi({
    'GET /api/passage-note-tags': () => json(200, list()),
    'POST /api/passage-note-tags': ({ body }: ApiCall) => {
      const draft = body as TagDraft;
      const created = tag(`t${next++}`, draft.label, draft.color, 0, '2026-11-20T10:00:00Z', draft.description ?? '');
      tags.push(created);
      return json(201, strip(created));
    },
  });
  for (const { id } of initial) {
    mockApi({
      [`PUT /api/passage-note-tags/${id}`]: ({ body }: ApiCall) => {
        const draft = body as TagDraft;
        tags = tags.map((t) => (t.id === id ? { ...t, label: draft.label, color: draft.color, description: draft.description ?? '' } : t));
        return json(200, strip(tags.find((t) => t.id === id)!));
      },
      [`DELETE /api/passage-note-tags/${id}`]: () => {
        tags = tags.filter((t) => t.id !== id);
        return json(200, { deleted: true });
      },
    });
  }
}

const FAITH = tag('t1', 'Faith', '#3b73c4', 3, '2026-10-01T10:00:00Z', 'Trusting God in hard times.');
const PRAYER = tag('t2', 'prayer', '#f2c94c', 0, '2026-11-01T10:00:00Z');
const HOPE = tag('t3', 'Hope', '#3f9b5a', 1, '2026-09-01T10:00:00Z');

const rowLabels = () =>
  within(screen.getByRole('list', { name: 'Your tags' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('TagsPage', () => {
  beforeEach(() => {
    signedInAs();
    tagServer([FAITH, PRAYER, HOPE]);
  });

  it('lists tags with their notes and sorts them, remembering the sort in the URL', async () => {
    const { user, router } = renderApp('/tags');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Your tags' });
    await waitFor(() => expect(document.title).toBe('Tags | Lamplight'));
    expect(screen.getByText('3 tags')).toBeInTheDocument();
    expect(rowLabels()).toEqual(['Faith', 'Hope', 'prayer']);
    expect(screen.getByText('Trusting God in hard times.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 notes tagged Faith' })).toHaveAttribute('href', '/notes?filterTags=t1');
    expect(screen.getByRole('link', { name: '1 note tagged Hope' })).toHaveAttribute('href', '/notes?filterTags=t3');
    expect(screen.getByText('No notes yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'prayer' }).firstElementChild).toHaveStyle({ color: '#000000' });

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    // The URL changes through a navigation, which settles a moment later.
    await user.selectOptions(sort, 'Newest first');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=newest'));
    await waitFor(() => expect(rowLabels()).toEqual(['prayer', 'Faith', 'Hope']));
    await user.selectOptions(sort, 'Most notes');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=mostNotes'));
    await waitFor(() => expect(rowLabels()).toEqual(['Faith', 'Hope', 'prayer']));
    expect(sort).toHaveValue('mostNotes');
    await user.selectOptions(sort, 'Name (A–Z)');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens with the sort saved to the account, and saves a new choice there', async () => {
    mockApi({
      'GET /api/settings': () => json(200, { lookBackDate: '2026-01-01', dailyVerseCountGoal: 86, locale: 'en', timeZone: 'UTC', tagSort: 'fewestNotes' }),
      'PUT /api/settings': ({ body }: ApiCall) => json(200, { lookBackDate: '2026-01-01', dailyVerseCountGoal: 86, locale: 'en', timeZone: 'UTC', ...(body as object) }),
    });
    const { user } = renderApp('/tags');
    await screen.findByRole('list', { name: 'Your tags' });
    await waitFor(() => expect(rowLabels()).toEqual(['prayer', 'Hope', 'Faith']));
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('fewestNotes');
    await user.selectOptions(sort, 'Name (Z–A)');
    await waitFor(() => expect(apiCalls('PUT /api/settings').at(-1)?.body).toEqual({ tagSort: 'za' }));
    await waitFor(() => expect(rowLabels()).toEqual(['prayer', 'Hope', 'Faith']));
  });

  it('opens with the sort from the URL', async () => {
    renderApp('/tags?sort=newest');
    await screen.findByRole('list', { name: 'Your tags' });
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(rowLabels()).toEqual(['prayer', 'Faith', 'Hope']);
  });

  it('creates a tag in a dialog with a live length check, a preset colour and a description', async () => {
    const { user } = renderApp('/tags');
    await user.click(await screen.findByRole('button', { name: 'New tag' }));
    const dialog = screen.getByRole('dialog', { name: 'New tag' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('0 of 32 characters');

    await user.type(name, 'x'.repeat(33));
    expect(name).toHaveAccessibleDescription('Must be 32 or fewer characters 33 of 32 characters');
    expect(name).toBeInvalid();
    await user.clear(name);
    await user.type(name, 'Grace');
    expect(name).toHaveAccessibleDescription('5 of 32 characters');
    expect(name).toBeValid();

    const colors = within(dialog).getByRole('group', { name: 'Color' });
    await user.click(within(colors).getByRole('radio', { name: 'Green' }));
    expect(within(colors).getByLabelText('Custom color')).toHaveValue('#3f9b5a');
    const description = within(dialog).getByRole('textbox', { name: 'Description (optional)' });
    await user.type(description, 'Undeserved favour');
    expect(description).toHaveAccessibleDescription('17 of 1,500 characters');
    await user.click(within(dialog).getByRole('button', { name: 'Create tag' }));

    expect(await screen.findByText('Tag “Grace” created.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(apiCalls('POST /api/passage-note-tags')[0]?.body).toEqual({ label: 'Grace', color: '#3f9b5a', description: 'Undeserved favour' });
    await waitFor(() => expect(rowLabels()).toEqual(['Faith', 'Grace', 'Hope', 'prayer']));
  });

  it('checks the name before sending and shows the server’s field errors on the fields', async () => {
    mockApi({
      'PUT /api/passage-note-tags/t1': () =>
        apiError(400, 'validation_error', [
          { field: 'label', code: 'unique' },
          { field: 'description', code: 'max_length', properties: { maxlength: 1500 } },
        ]),
    });
    const { user } = renderApp('/tags');
    await user.click(await screen.findByRole('button', { name: 'Edit: Faith' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit tag' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Faith');
    expect(within(dialog).getByRole('radio', { name: 'Blue' })).toBeChecked();

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('A name is required 0 of 32 characters');
    expect(name).toHaveFocus();
    expect(apiCalls('PUT /api/passage-note-tags/t1')).toHaveLength(0);

    await user.type(name, 'hope');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('You already have a tag with this name 4 of 32 characters'));
    expect(name).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Description (optional)' })).toHaveAccessibleDescription(
      'Must be 1500 or fewer characters 27 of 1,500 characters',
    );
    expect(screen.getByRole('dialog', { name: 'Edit tag' })).toBeInTheDocument();
  });

  it('edits a tag: new name, own colour, description cleared', async () => {
    const { user } = renderApp('/tags');
    await user.click(await screen.findByRole('button', { name: 'Edit: Faith' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit tag' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Trust');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Description (optional)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tag “Trust” saved.')).toBeInTheDocument();
    expect(apiCalls('PUT /api/passage-note-tags/t1')[0]?.body).toEqual({ label: 'Trust', color: '#3b73c4', description: '' });
    await waitFor(() => expect(rowLabels()).toEqual(['Hope', 'prayer', 'Trust']));
    expect(screen.queryByText('Trusting God in hard times.')).not.toBeInTheDocument();
    // Focus went back to the button that opened the dialog.
    expect(screen.getByRole('button', { name: 'Edit: Trust' })).toHaveFocus();
  });

  it('deletes a tag in use after a confirmation that says how many notes lose it', async () => {
    const { user } = renderApp('/tags');
    await user.click(await screen.findByRole('button', { name: 'Delete: Faith' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete the tag “Faith”?' });
    expect(confirm).toHaveAccessibleDescription('3 notes use this tag. The tag will be removed from them; the notes themselves are kept.');
    await user.click(within(confirm).getByRole('button', { name: 'Keep tag' }));
    expect(apiCalls('DELETE /api/passage-note-tags/t1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete: Faith' }));
    await user.click(screen.getByRole('button', { name: 'Delete tag' }));
    expect(await screen.findByText('Tag “Faith” deleted.')).toBeInTheDocument();
    await waitFor(() => expect(rowLabels()).toEqual(['Hope', 'prayer']));
    expect(apiCalls('DELETE /api/passage-note-tags/t1')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Tags' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Delete: prayer' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete the tag “prayer”?' })).toHaveAccessibleDescription('No note uses this tag.');
  });

  it('invites a reader without tags to create the first one', async () => {
    tagServer([]);
    const { user } = renderApp('/tags');
    expect(await screen.findByRole('heading', { level: 2, name: 'No tags yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New tag' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create your first tag' }));
    const dialog = screen.getByRole('dialog', { name: 'New tag' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Psalms');
    await user.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Psalms' })).toBeInTheDocument();
    expect(screen.getByText('1 tag')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tags' })).toHaveFocus();
  });

  it('says when the tags cannot be loaded and tries again', async () => {
    let fail = true;
    mockApi({ 'GET /api/passage-note-tags': () => (fail ? apiError(500, 'internal_error') : json(200, [HOPE])) });
    const { user } = renderApp('/tags');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your tags could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Hope' })).toBeInTheDocument();
  });

  it('speaks the reader’s language and keeps links in it', async () => {
    renderApp('/de/tags');
    expect(await screen.findByRole('heading', { level: 1, name: 'Schlagwörter' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '3 Notizen mit dem Schlagwort Faith' })).toHaveAttribute('href', '/de/notes?filterTags=t1');
    expect(screen.getByRole('button', { name: 'Bearbeiten: Faith' })).toBeInTheDocument();
  });
});
