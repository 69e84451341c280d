/**
 * The curator's work is never lost, tried as a curator would in Chromium against the real server:
 * Escape in Edit Poem asks before throwing typing away; a save is on the server the moment Save
 * is pressed (a reload at once keeps it); a poem's history compares versions word by word and
 * restores one; a deleted poem comes back from the book's history after a reload. Every test sets
 * up its own publication.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Poem } from '../../contracts/catalog.js';
import {
  ADMIN,
  confirm,
  expectAccessible,
  expectText,
  notification,
  seedPublication,
  startAdminSuite,
  type AdminSuite,
} from './support/admin-browser.js';

describe('revision history and safe editing in the admin', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('admin-history');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  const poemCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  const apiPoems = async (publicationId: number): Promise<Poem[]> =>
    (await suite.api.agent.get(`/api/publications/${publicationId}/poems/?admin=true`).expect(200)).body;
  const UNSAVED = "Some of your changes weren't saved. Are you sure you want to ignore them?";

  it('asks before Escape throws away what was typed in Edit Poem, and keeps it when told to', async () => {
    const { publication, poems } = await seedPublication(
      suite,
      { title: 'Careful Hands' },
      { poems: [{ title: 'Unfinished', body: 'teh first line' }] },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}/poems/${poems[0].id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    const text = dialog.getByLabel('Poem Text');
    await expect.poll(() => text.inputValue()).toBe('teh first line');
    expect(await text.getAttribute('spellcheck')).toBe('true');
    await text.fill('the first line, corrected by hand');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await ask.waitFor();
    await expectText(ask.locator('.MuiDialogContentText-root'), UNSAVED);
    await expectAccessible(page, 'discard unsaved changes?');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    // Nothing lost: the dialog is still open with the typing in it.
    expect(await text.inputValue()).toBe('the first line, corrected by hand');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiPoems(publication.id))[0].body).toBe('teh first line');
    // A dialog with nothing typed closes without asking.
    await poemCard(page, 'Unfinished').getByRole('link', { name: 'Edit' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps a save when the page is reloaded at once', async () => {
    const { publication, poems } = await seedPublication(
      suite,
      { title: 'Quick Save' },
      { poems: [{ title: 'Old Title', body: 'a line' }] },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}/poems/${poems[0].id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    await expect.poll(() => dialog.getByLabel('Title').inputValue()).toBe('Old Title');
    await dialog.getByLabel('Title').fill('New Title');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await poemCard(page, 'New Title').waitFor();
    expect((await apiPoems(publication.id))[0].title).toBe('New Title');
  });

  it('edits a poem, then after a reload compares its versions word by word and restores the first', async () => {
    const { publication } = await seedPublication(
      suite,
      { title: 'Second Draft' },
      { poems: [{ title: 'The Mill', body: 'the wheel turns slow\n  under teh water' }] },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await poemCard(page, 'The Mill').getByRole('link', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    const text = dialog.getByLabel('Poem Text');
    await expect.poll(() => text.inputValue()).toBe('the wheel turns slow\n  under teh water');
    await text.fill('the wheel turns slow\n  under the green water');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await notification(page, 'Poem updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await poemCard(page, 'The Mill').getByRole('link', { name: 'History: The Mill' }).click();
    await page.getByRole('heading', { name: 'History of "The Mill"' }).waitFor();
    const versions = page.getByRole('table', { name: 'Versions' });
    await expect
      .poll(() => versions.locator('[data-revision="2"] td').nth(2).innerText())
      .toMatch(new RegExp(`^Edited by ${ADMIN.username}, `));
    expect(await versions.locator('[data-revision="1"] td').nth(2).innerText()).toMatch(/^First version by the archive, /);
    await page.getByRole('heading', { name: 'Changes from version 1 to version 2' }).waitFor();
    const diff = page.locator('pre[aria-label="Text"]');
    await expect.poll(() => diff.locator('del').allInnerTexts()).toEqual(['teh']);
    await expect.poll(() => diff.locator('ins').allInnerTexts()).toEqual(['the', 'green ']);
    await expectAccessible(page, 'poem history');
    await suite.shot(page, '01-poem-history');

    await versions.getByRole('button', { name: 'Restore version 1' }).click();
    await confirm(page, 'The current text is kept in the history; restoring makes a new version.');
    await notification(page, 'Version 1 restored').waitFor();
    await versions.locator('[data-revision="3"]').waitFor();
    expect(await versions.locator('[data-revision="3"] td').nth(2).innerText()).toMatch(
      new RegExp(`^Version restored by ${ADMIN.username}, `),
    );
    expect((await apiPoems(publication.id))[0].body).toBe('the wheel turns slow\n  under teh water');
    await page.getByRole('link', { name: 'Back to the book' }).click();
    await expectText(poemCard(page, 'The Mill').locator('pre'), 'the wheel turns slow\n  under teh water');
  });

  it('deletes a poem after a confirm, and after a reload brings it back from the book\u2019s history', async () => {
    const { publication } = await seedPublication(
      suite,
      { title: 'Three Lamps' },
      {
        poems: [
          { title: 'First Lamp', body: 'lit' },
          { title: 'Second Lamp', body: 'flickers' },
          { title: 'Third Lamp', body: 'out' },
        ],
      },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await poemCard(page, 'Second Lamp').getByRole('button', { name: 'Delete' }).click();
    await confirm(page, "The poem leaves the book. You can restore it from the book's history.");
    await poemCard(page, 'Second Lamp').waitFor({ state: 'detached' });
    await expect.poll(async () => (await apiPoems(publication.id)).map((p) => p.title)).toEqual(['First Lamp', 'Third Lamp']);

    await page.reload();
    await page.getByRole('heading', { name: 'Poems (2)' }).waitFor();
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await page.getByRole('heading', { name: 'History of "Three Lamps"' }).waitFor();
    const deleted = page.getByRole('list', { name: 'Deleted poems' });
    await deleted.getByText('Second Lamp', { exact: true }).waitFor();
    await expectAccessible(page, 'book history');
    await suite.shot(page, '02-book-history');
    await deleted.getByRole('button', { name: 'Restore "Second Lamp"' }).click();
    await notification(page, 'Poem "Second Lamp" restored').waitFor();
    await page.getByText('No poems of this book were deleted.').waitFor();
    await page.getByRole('link', { name: 'Back to the book' }).click();
    await page.getByRole('heading', { name: 'Poems (3)' }).waitFor();
    await expect
      .poll(async () => (await apiPoems(publication.id)).map((p) => p.title))
      .toEqual(['First Lamp', 'Second Lamp', 'Third Lamp']);
  });
  it('takes a typed author on Save, edits a chip in place, and asks before leaving Edit Details unsaved', async () => {
    const { publication } = await seedPublication(suite, { title: 'Named Twice', authors: ['Ana Poett'] });
    const apiAuthors = async () => (await suite.api.agent.get(`/api/publications/${publication.id}/?admin=true`).expect(200)).body.authors;
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}/edit`);
    await page.getByRole('heading', { name: 'Edit "Named Twice"' }).waitFor();
    const authors = page.getByRole('combobox', { name: 'Authors' });
    // Correcting a chip edits it: its name comes back into the box, and returns as one chip.
    await page.getByRole('button', { name: 'Edit author Ana Poett' }).click();
    await expect.poll(() => authors.inputValue()).toBe('Ana Poett');
    await authors.fill('Ana Poet');
    // A second name typed and never turned into a chip with Enter: Save still takes it.
    await authors.press('Tab');
    await page.getByRole('button', { name: 'Edit author Ana Poet' }).waitFor();
    await authors.fill('B. Translator');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/publication/${publication.slug}`);
    await notification(page, 'Publication details saved').waitFor();
    expect(await apiAuthors()).toEqual(['Ana Poet', 'B. Translator']);

    // Leaving with unsaved changes asks; staying keeps them.
    await page.getByRole('link', { name: 'Edit Details' }).click();
    await page.getByLabel('Publisher').fill('Lantern Press');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => page.getByLabel('Publisher').inputValue()).toBe('Lantern Press');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/publication/${publication.slug}`);
    expect((await suite.api.agent.get(`/api/publications/${publication.id}/?admin=true`).expect(200)).body.publisher).toBe('');
  });
  it('asks in its own words before publishing a book with no poems', async () => {
    const { publication } = await seedPublication(suite, { title: 'Nothing Inside Yet' });
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Nothing Inside Yet' }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Publish a book with no poems?' }).waitFor();
    await confirm(page, 'This book has no poems yet. Visitors will see an empty book. Publish it anyway?', 'Cancel');
    expect((await suite.api.agent.get(`/api/publications/${publication.id}/?admin=true`).expect(200)).body.status).toBe('draft');
  });
});
