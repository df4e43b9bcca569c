import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, signedInAs } from '@/test/http';
import { renderWithProviders } from '@/test/renderApp';
import { TagChip } from './TagChip';
import { TagPicker } from './TagPicker';
import type { ListedTag } from './types';

const tag = (id: string, label: string, color: string, noteCount = 0): ListedTag => ({
  id,
  label,
  color,
  description: '',
  noteCount,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
});

const TAGS = [tag('t1', 'Faith', '#3b73c4', 2), tag('t2', 'Promises', '#f2c94c', 1), tag('t3', 'Prayer', '#d64545')];

function Harness({ initial = [], allowCreate = false }: { initial?: string[]; allowCreate?: boolean }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return (
    <form aria-label="Note">
      <TagPicker selected={selected} onChange={setSelected} allowCreate={allowCreate} />
      <output aria-label="Chosen ids">{selected.join(',')}</output>
    </form>
  );
}

const chosenIds = () => screen.getByRole('status', { name: 'Chosen ids' }).textContent;

describe('TagChip', () => {
  it('writes the label in a readable colour on the tag colour', () => {
    renderWithProviders(
      <>
        <TagChip tag={{ label: 'Light', color: '#f2c94c' }} />
        <TagChip tag={{ label: 'Dark', color: '#1f2a44' }} />
      </>,
    );
    expect(screen.getByText('Light').parentElement).toHaveStyle({ backgroundColor: '#f2c94c', color: '#000000' });
    expect(screen.getByText('Dark').parentElement).toHaveStyle({ backgroundColor: '#1f2a44', color: '#ffffff' });
  });
});

describe('TagPicker', () => {
  beforeEach(() => {
    signedInAs();
    mockApi({ 'GET /api/passage-note-tags': () => json(200, TAGS) });
  });

  it('ticks and unticks tags, showing the chosen ones as removable chips', async () => {
    const { user } = renderWithProviders(<Harness initial={['t2']} />);
    const group = screen.getByRole('group', { name: 'Tags' });
    const faith = await within(group).findByRole('checkbox', { name: 'Faith' });
    expect(within(group).getByRole('checkbox', { name: 'Promises' })).toBeChecked();
    expect(within(screen.getByRole('list', { name: 'Chosen tags' })).getByText('Promises')).toBeInTheDocument();

    await user.click(faith);
    expect(faith).toBeChecked();
    expect(chosenIds()).toBe('t2,t1');

    await user.click(screen.getByRole('button', { name: 'Remove tag Promises' }));
    expect(chosenIds()).toBe('t1');
    expect(within(group).getByRole('checkbox', { name: 'Promises' })).not.toBeChecked();
  });

  it('filters from the keyboard and moves into the list with the arrow keys', async () => {
    const { user } = renderWithProviders(<Harness />);
    const filter = screen.getByRole('textbox', { name: 'Find a tag' });
    await screen.findByRole('checkbox', { name: 'Faith' });

    await user.click(filter);
    await user.keyboard('pr');
    const options = within(screen.getByRole('list', { name: 'Your tags' }));
    expect(options.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Promises',
      'Prayer',
    ]);

    await user.keyboard('{ArrowDown}');
    expect(options.getByRole('checkbox', { name: 'Promises' })).toHaveFocus();
    await user.keyboard('{ArrowDown} ');
    expect(options.getByRole('checkbox', { name: 'Prayer' })).toBeChecked();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(filter).toHaveFocus();

    // Enter ticks the only match and does not submit the form around the picker.
    await user.clear(filter);
    await user.keyboard('fai{Enter}');
    expect(chosenIds()).toBe('t3,t1');

    await user.clear(filter);
    await user.keyboard('zz');
    expect(screen.getByText('No tag matches “zz”.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create tag/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(filter).toHaveValue('');
  });

  it('creates a tag that does not exist yet and chooses it', async () => {
    const stored = [...TAGS];
    mockApi({
      'GET /api/passage-note-tags': () => json(200, stored),
      'POST /api/passage-note-tags': ({ body }) => {
        const draft = body as { label: string; color: string };
        stored.push(tag('t9', draft.label, draft.color));
        const { noteCount: _, ...created } = stored.at(-1)!;
        return json(201, created);
      },
    });
    const { user } = renderWithProviders(<Harness allowCreate initial={['t1']} />);
    await screen.findByRole('checkbox', { name: 'Faith' });
    const filter = screen.getByRole('textbox', { name: 'Find or create a tag' });

    // An existing label (in another case) is offered, not created again.
    await user.type(filter, 'faith');
    expect(screen.queryByRole('button', { name: /Create tag/ })).not.toBeInTheDocument();

    await user.clear(filter);
    await user.type(filter, 'Hope');
    await user.click(screen.getByRole('button', { name: 'Create tag “Hope”' }));
    await waitFor(() => expect(chosenIds()).toBe('t1,t9'));
    expect(apiCalls('POST /api/passage-note-tags')[0]?.body).toEqual({ label: 'Hope', color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(await screen.findByRole('checkbox', { name: 'Hope' })).toBeChecked();
    expect(within(screen.getByRole('list', { name: 'Chosen tags' })).getByText('Hope')).toBeInTheDocument();
    expect(filter).toHaveValue('');
    expect(screen.getByText('Tag “Hope” created and chosen.')).toBeInTheDocument();
  });

  it('creates with Enter and shows the server’s objection', async () => {
    mockApi({
      'POST /api/passage-note-tags': () => apiError(400, 'validation_error', [{ field: 'label', code: 'unique' }]),
    });
    const { user } = renderWithProviders(<Harness allowCreate />);
    await screen.findByRole('checkbox', { name: 'Faith' });
    const filter = screen.getByRole('textbox', { name: 'Find or create a tag' });
    await user.type(filter, 'Grace{Enter}');
    expect(await screen.findByText('This tag name is already in use')).toBeInTheDocument();
    expect(filter).toHaveAccessibleDescription('This tag name is already in use');
    expect(filter).toHaveValue('Grace');
    expect(chosenIds()).toBe('');

    await user.clear(filter);
    await user.type(filter, 'x'.repeat(33));
    expect(screen.queryByRole('button', { name: /Create tag/ })).not.toBeInTheDocument();
    expect(filter).toHaveAccessibleDescription('A tag name can have at most 32 characters.');
  });

  it('says when the tags cannot be loaded and tries again', async () => {
    let fail = true;
    mockApi({ 'GET /api/passage-note-tags': () => (fail ? apiError(500, 'internal_error') : json(200, TAGS)) });
    const { user } = renderWithProviders(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your tags could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Faith' })).toBeInTheDocument();
  });
});
