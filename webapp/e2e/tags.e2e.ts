// The /tags screen against the real server: create and edit a tag through the dialog, sort the
// list, delete a tag a note carries after the confirmation, each state scanned with axe-core.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { baseURL, collectErrors, useBrowser } from './support/browser';

const browser = useBrowser();

// Without motion, dialogs open at full opacity at once: axe then never measures the contrast
// of a dialog that is still fading in.
const PAGE_OPTIONS = { bypassCSP: true, reducedMotion: 'reduce' } as const;

interface ApiTag {
  id: string;
  label: string;
  color: string;
  description: string;
  noteCount: number;
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  // Same-origin writes: the server refuses cookie-authenticated writes from other sites.
  const response = await page.request.post(path, { data, headers: { Origin: baseURL() } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

async function tagsOnServer(page: Page): Promise<ApiTag[]> {
  return (await (await page.request.get('/api/passage-note-tags')).json()) as ApiTag[];
}

const rowLabels = (page: Page) => page.getByRole('list', { name: 'Your tags' }).getByRole('heading', { level: 2 }).allTextContents();

it('creates, edits, sorts and deletes tags, the last one in use by a note', async () => {
  const page = await browser.newPage(PAGE_OPTIONS);
  const errors = collectErrors(page);
  await signUp(page);

  await page.goto('/tags');
  await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
  expect(await page.title()).toBe('Tags | Lamplight');
  await page.getByRole('heading', { level: 2, name: 'No tags yet' }).waitFor();
  await expectAccessible(page);

  // Create.
  await page.getByRole('button', { name: 'Create your first tag' }).click();
  const create = page.getByRole('dialog', { name: 'New tag' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Promises');
  await create.getByText('8 of 32 characters').waitFor();
  await create.getByRole('radio', { name: 'Blue' }).check();
  await create.getByRole('textbox', { name: 'Description (optional)' }).fill('What God has promised.');
  await expectAccessible(page);
  await create.getByRole('button', { name: 'Create tag' }).click();
  await page.getByText('Tag “Promises” created.').waitFor();
  await page.getByRole('heading', { level: 2, name: 'Promises' }).waitFor();
  expect(await create.count()).toBe(0);

  // Edit: another name and a colour of the reader's own; the description stays.
  await page.getByRole('button', { name: 'Edit: Promises' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit tag' });
  expect(await edit.getByRole('radio', { name: 'Blue' }).isChecked()).toBe(true);
  await edit.getByRole('textbox', { name: 'Name' }).fill('Covenant');
  await edit.getByLabel('Custom color').fill('#7a1f5c');
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Tag “Covenant” saved.').waitFor();
  await page.getByRole('heading', { level: 2, name: 'Covenant' }).waitFor();
  const [covenant] = await tagsOnServer(page);
  expect(covenant).toMatchObject({ label: 'Covenant', color: '#7a1f5c', description: 'What God has promised.', noteCount: 0 });

  // A newer tag, and a note carrying the first one, made through the API.
  await apiPost<ApiTag>(page, '/api/passage-note-tags', { label: 'Apostles', color: '#F0A' });
  const note = await apiPost<{ id: string; tags: string[] }>(page, '/api/passage-notes', {
    content: 'God keeps his word.',
    passages: [],
    tags: [covenant!.id],
  });
  expect(note.tags).toEqual([covenant!.id]);
  await page.reload();
  const notesLink = page.getByRole('link', { name: '1 note tagged Covenant' });
  await notesLink.waitFor();
  expect(await notesLink.getAttribute('href')).toBe(`/notes?filterTags=${covenant!.id}`);
  expect(await rowLabels(page)).toEqual(['Apostles', 'Covenant']);

  // Sort: kept in the URL and saved to the account, so a reload and a later visit keep it.
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption({ label: 'Most notes' });
  await page.waitForURL((url) => url.search === '?sort=mostNotes');
  await expect.poll(() => rowLabels(page)).toEqual(['Covenant', 'Apostles']);
  await page.reload();
  await page.getByRole('heading', { level: 2, name: 'Covenant' }).waitFor();
  expect(await rowLabels(page)).toEqual(['Covenant', 'Apostles']);
  expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('mostNotes');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name (Z–A)' });
  await expect.poll(async () => ((await (await page.request.get('/api/settings')).json()) as { tagSort: string }).tagSort).toBe('za');
  await page.goto('/tags');
  await page.getByRole('heading', { level: 2, name: 'Covenant' }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('za');
  expect(await rowLabels(page)).toEqual(['Covenant', 'Apostles']);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Newest first' });
  await page.waitForURL((url) => url.search === '?sort=newest');
  await expect.poll(() => rowLabels(page)).toEqual(['Apostles', 'Covenant']);
  await expectAccessible(page);

  // Delete the tag in use: the confirmation says how many notes lose it.
  await page.getByRole('button', { name: 'Delete: Covenant' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete the tag “Covenant”?' });
  await confirm.getByText('1 note uses this tag. The tag will be removed from it; the note itself is kept.').waitFor();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete tag' }).click();
  await page.getByText('Tag “Covenant” deleted.').waitFor();
  await expect.poll(() => rowLabels(page)).toEqual(['Apostles']);
  expect((await tagsOnServer(page)).map((tag) => tag.label)).toEqual(['Apostles']);
  const kept = (await (await page.request.get(`/api/passage-notes/${note.id}`)).json()) as { content: string; tags: string[] };
  expect(kept).toMatchObject({ content: 'God keeps his word.', tags: [] });

  expect(errors).toEqual([]);
});

it('shows the screen in German under /de/tags', async () => {
  const page = await browser.newPage(PAGE_OPTIONS);
  await signUp(page);
  await apiPost<ApiTag>(page, '/api/passage-note-tags', { label: 'Gnade', color: '#3f9b5a' });
  await page.goto('/de/tags');
  await page.getByRole('heading', { level: 1, name: 'Schlagwörter' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Gnade' }).waitFor();
  expect(await page.title()).toBe('Schlagwörter | Lamplight');
  await page.getByText('Noch keine Notizen').waitFor();
  await expectAccessible(page);
});
