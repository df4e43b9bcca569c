// Notes against the real server: writing a note with a typed passage and a tag created inline,
// filters (tags any / all / exact, passage inclusive / exclusive, text ignoring case and accents),
// paging, edit, delete, and "Take a note" from a log entry and "Notes" from a chapter; axe-core
// scans of the list and the open editor.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

interface Passage {
  startVerseId: number;
  endVerseId: number;
}

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data, headers: { Origin: baseURL() } });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

const createTag = async (page: Page, label: string, color: string) => (await post<{ id: string }>(page, '/api/passage-note-tags', { label, color })).id;

const createNote = (page: Page, content: string, passages: Passage[] = [], tags: string[] = []) =>
  post<{ id: string }>(page, '/api/passage-notes', { content, passages, tags });

async function readerToday(page: Page): Promise<string> {
  const response = await page.request.get('/api/settings');
  const { timeZone } = (await response.json()) as { timeZone?: string };
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

async function openNotes(page: Page, path = '/notes') {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Notes' }).waitFor();
}

const notes = (page: Page) => page.getByRole('article');

/** Waits until the list shows `count` notes and nothing is loading. */
async function expectNotes(page: Page, count: number) {
  await expect.poll(async () => (await page.getByText('Loading notes…').count()) === 0 && (await notes(page).count())).toBe(count);
}

/** axe finds no serious or critical issue once entering toasts and dialogs have finished moving. */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousViolations(page)).toEqual([]);
}

async function apply(page: Page) {
  await page.getByRole('button', { name: 'Apply' }).click();
}

it('writes a note with a typed passage and a tag created inline; list and editor pass axe', async () => {
  const page = await browser.newPage({ bypassCSP: true });
  const errors = collectErrors(page);
  await signUp(page);
  await openNotes(page);
  expect(await page.title()).toBe('Notes | Lamplight');
  await page.getByRole('heading', { name: 'No notes yet' }).waitFor();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New note' }).click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await dialog.getByRole('textbox', { name: 'Note' }).fill('The **Lord** is my shepherd');
  await dialog.getByText('27 / 3,000 characters').waitFor();
  await dialog.getByRole('textbox', { name: 'Passages' }).fill('Ps 23:1-4; Jn 10:11');
  await dialog.getByRole('list', { name: 'Passages' }).getByText('John 10:11').waitFor();
  await dialog.getByRole('textbox', { name: 'Find or create a tag' }).fill('Comfort');
  await dialog.getByRole('button', { name: 'Create tag “Comfort”' }).click();
  await dialog.getByRole('button', { name: 'Remove tag Comfort' }).waitFor();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Save note' }).click();
  await page.getByText('Note saved.').waitFor();
  await dialog.waitFor({ state: 'detached' });
  const note = notes(page).first();
  await note.getByRole('heading', { level: 3, name: 'Passages: Psalm 23:1-4; John 10:11' }).waitFor();
  expect(await note.locator('strong').textContent()).toBe('Lord');
  await note.getByRole('list', { name: 'Tags' }).getByText('Comfort').waitFor();
  // Each passage opens in the reader's Bible app; the date is relative, the exact one on hover.
  const open = note.getByRole('link', { name: 'John 10:11', exact: true });
  expect(await open.getAttribute('title')).toBe('John 10:11 in Bible Gateway (opens in a new tab)');
  expect(await open.getAttribute('href')).toMatch(/^https:\/\/www\.biblegateway\.com\/passage\/\?search=John%2010/);
  expect(await open.getAttribute('target')).toBe('_blank');
  expect(await note.locator('time').first().getAttribute('title')).toMatch(/^Written /);
  await note.getByText(/^Written (now|\d+ seconds? ago|\d+ minutes? ago|1 minute ago)$/).waitFor();
  await expectAccessible(page);

  const tags = (await (await page.request.get('/api/passage-note-tags')).json()) as { id: string; label: string }[];
  const saved = (await (await page.request.get('/api/passage-notes')).json()) as { results: { passages: Passage[]; tags: string[] }[] };
  expect(saved.results[0]!.passages).toEqual([
    { startVerseId: 119023001, endVerseId: 119023004 },
    { startVerseId: 143010011, endVerseId: 143010011 },
  ]);
  expect(saved.results[0]!.tags).toEqual([tags.find((tag) => tag.label === 'Comfort')!.id]);
  expect(errors).toEqual([]);
});

it('filters by tags (any, all, exact), by passage (inclusive, exclusive) and by text ignoring case and accents', async () => {
  const page = await browser.newPage();
  await signUp(page);
  const alpha = await createTag(page, 'Alpha', '#3b73c4');
  const beta = await createTag(page, 'Beta', '#d64545');
  await createNote(page, 'Only alpha', [{ startVerseId: 143003016, endVerseId: 143003016 }], [alpha]);
  await createNote(page, 'Only beta', [{ startVerseId: 143003001, endVerseId: 143003021 }], [beta]);
  await createNote(page, 'Alpha and beta', [{ startVerseId: 119023001, endVerseId: 119023006 }], [alpha, beta]);
  await createNote(page, 'And jesus wept');
  await openNotes(page);
  await expectNotes(page, 4);

  const search = page.getByRole('search', { name: 'Filter and sort' });
  await search.getByRole('checkbox', { name: 'Alpha' }).check();
  await search.getByRole('checkbox', { name: 'Beta' }).check();
  await search.getByText('Changes not applied yet.').waitFor();
  await apply(page);
  await expectNotes(page, 3);
  expect(new URL(page.url()).searchParams.getAll('filterTags').sort()).toEqual([alpha, beta].sort());

  await search.getByRole('radio', { name: 'all of these tags' }).check();
  await apply(page);
  await expectNotes(page, 1);
  await notes(page).getByText('Alpha and beta').waitFor();

  // Exact with no tag chosen: the untagged notes.
  await search.getByRole('button', { name: 'Remove tag Alpha' }).click();
  await search.getByRole('button', { name: 'Remove tag Beta' }).click();
  await search.getByRole('radio', { name: 'exactly these tags' }).check();
  await apply(page);
  await expectNotes(page, 1);
  await notes(page).getByText('And jesus wept').waitFor();

  await page.getByRole('button', { name: 'Reset' }).click();
  await expectNotes(page, 4);
  const passage = search.getByRole('textbox', { name: 'Passage' });
  await passage.fill('Jn 3:16-18');
  await apply(page);
  await expectNotes(page, 2);
  await search.getByRole('radio', { name: /^Inside it/ }).check();
  await apply(page);
  await expectNotes(page, 1);
  await notes(page).getByText('Only alpha').waitFor();
  expect(new URL(page.url()).search).toBe(
    '?filterPassageStartVerseId=143003016&filterPassageEndVerseId=143003018&filterPassageMatching=exclusive',
  );

  await passage.fill('Jn 99');
  await apply(page);
  await search.getByText('“Jn 99” is not a valid passage.').waitFor();

  await page.getByRole('button', { name: 'Reset' }).click();
  await expectNotes(page, 4);
  await search.getByRole('searchbox', { name: 'Search' }).fill('JÉSUS');
  await apply(page);
  await expectNotes(page, 1);
  await notes(page).getByText('And jesus wept').waitFor();

  // Back returns to the previous applied query, with its filters in the panel.
  await page.goBack();
  await expectNotes(page, 4);
  await page.goBack();
  await expectNotes(page, 1);
  expect(await passage.inputValue()).toBe('John 3:16-18');
});

it('pages through 12 notes, ten per page, and changes the page size', async () => {
  const page = await browser.newPage();
  await signUp(page);
  for (let n = 1; n <= 12; n++) await createNote(page, `Note ${n}`);
  await openNotes(page);
  await page.getByText('Page 1 of 2').waitFor();
  await expectNotes(page, 10);
  // Newest first.
  expect(await notes(page).first().textContent()).toContain('Note 12');

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Page 2 of 2').waitFor();
  await expectNotes(page, 2);
  expect(new URL(page.url()).search).toBe('?offset=10');
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  await page.getByText('Notes 11–12 of 12').waitFor();

  await page.getByRole('combobox', { name: 'Notes per page' }).selectOption('20');
  await apply(page);
  await page.waitForURL((url) => url.search === '?limit=20');
  await expectNotes(page, 12);
  // One page: no pager.
  expect(await page.getByRole('navigation', { name: 'Pages of notes' }).count()).toBe(0);
});

it('edits a note and deletes one after confirming', async () => {
  const page = await browser.newPage();
  await signUp(page);
  await createNote(page, 'First thoughts', [{ startVerseId: 140005001, endVerseId: 140005012 }]);
  await createNote(page, 'To be removed', [{ startVerseId: 101001001, endVerseId: 101001031 }]);
  await openNotes(page);
  await expectNotes(page, 2);

  await page.getByRole('button', { name: 'Edit: Matthew 5:1-12' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit note' });
  const content = dialog.getByRole('textbox', { name: 'Note' });
  expect(await content.inputValue()).toBe('First thoughts');
  expect(await dialog.getByRole('textbox', { name: 'Passages' }).inputValue()).toBe('Matthew 5:1-12');
  await content.fill('Blessed are the poor in spirit');
  await dialog.getByRole('textbox', { name: 'Passages' }).fill('Mt 5:1-12; Lk 6:20-23');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await page.getByText('Note updated.').waitFor();
  await notes(page).getByText('Blessed are the poor in spirit').waitFor();

  await page.getByRole('button', { name: 'Delete: Genesis 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this note?' });
  await confirm.getByText('“Genesis 1” will be deleted for good.').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Note deleted.').waitFor();
  await expectNotes(page, 1);
  const left = (await (await page.request.get('/api/passage-notes')).json()) as { size: number; results: { content: string }[] };
  expect(left.size).toBe(1);
  expect(left.results[0]!.content).toBe('Blessed are the poor in spirit');
});

it('takes a note from a log entry with the editor pre-filled, and lists a chapter’s notes from /books', async () => {
  const page = await browser.newPage();
  await signUp(page);
  const today = await readerToday(page);
  await post(page, '/api/log-entries', { date: today, startVerseId: 101001001, endVerseId: 101001031 });
  await page.goto('/today');
  await page.getByRole('button', { name: 'Actions: Genesis 1' }).click();
  await page.getByRole('menuitem', { name: 'Take a note: Genesis 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await dialog.waitFor();
  expect(new URL(page.url()).pathname).toBe('/notes');
  expect(await dialog.getByRole('textbox', { name: 'Passages' }).inputValue()).toBe('Genesis 1');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('In the beginning');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await page.getByText('Note saved.').waitFor();
  expect(new URL(page.url()).search).toBe('');

  await page.goto('/books/1');
  await page.getByRole('link', { name: 'Notes on Genesis 1', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Notes' }).waitFor();
  expect(await page.getByRole('textbox', { name: 'Passage' }).inputValue()).toBe('Genesis 1');
  await expectNotes(page, 1);
  await notes(page).getByText('In the beginning').waitFor();
});
