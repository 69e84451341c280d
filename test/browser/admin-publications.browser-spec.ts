/**
 * Publications in the admin, in Chromium against the real server: the dashboard's cards, filters,
 * search, sorting and the trash's pages; editing every field; publishing, the trash and its undo;
 * several publications selected and acted on at once; the detail page. Every test sets up its own
 * publications.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Publication } from '../../contracts/catalog.js';
import {
  confirm,
  expectAccessible,
  expectText,
  notification,
  POET,
  SCREEN_TIMEOUT,
  seedPublication,
  startAdminSuite,
  uniqueWord,
  type AdminSuite,
} from './support/admin-browser.js';

const DATE = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;
/** The delete is soft: its confirm says where the book goes and how it comes back. */
const TRASH_CONFIRM = 'Are you sure you want to delete this publication? It moves to the Trash, where Restore brings it back.';
const TRASH_TWO_CONFIRM = 'Are you sure you want to delete these 2 publications? They move to the Trash, where Restore brings them back.';

describe('publications in the admin', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('admin-publications');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  const apiPublication = async (id: number): Promise<Publication> =>
    (await suite.api.agent.get(`/api/publications/${id}/?admin=true`).expect(200)).body;

  /** The dashboard searched for one test's word, so only its own publications show. */
  async function dashboardFor(page: Page, word: string, status?: string) {
    const filter = encodeURIComponent(JSON.stringify({ q: word, ...(status ? { status } : {}) }));
    await page.goto(`/admin?filter=${filter}`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  }

  /** An undoable change is sent when its notification closes; wait for that. */
  async function untilSent(page: Page, text: string) {
    const toast = notification(page, text);
    await toast.waitFor();
    await toast.waitFor({ state: 'detached', timeout: 2 * SCREEN_TIMEOUT });
  }

  it('shows each publication as a card: the poet for a book without authors, the date it was archived, its counts', async () => {
    const word = uniqueWord('Cards');
    const { publication: draft } = await seedPublication(suite, { title: `Unsigned ${word}`, authors: [] });
    const { publication: live } = await seedPublication(
      suite,
      { title: `Signed ${word}`, authors: ['Ann Lee', 'Bo Park'], publication_date: 'Spring 1987' },
      {
        status: 'published',
        poems: [
          { title: 'One', body: 'a b\nc' },
          { title: 'Two', body: 'd e f g' },
        ],
      },
    );
    const page = await suite.newPage();
    await dashboardFor(page, word);
    const unsigned = card(page, draft.title);
    await unsigned.getByText(POET, { exact: true }).waitFor();
    await unsigned.getByText('Draft', { exact: true }).waitFor();
    // Every active card, a draft's too, says when the book entered the archive.
    await unsigned.getByText(new RegExp(`^Archived ${DATE.source}$`)).waitFor();
    await unsigned.getByText('Publication date not set').waitFor();
    await unsigned.getByText('0 poems').waitFor();
    await expect.poll(() => unsigned.getByRole('link', { name: 'View' }).count()).toBe(0);
    const signed = card(page, live.title);
    await signed.getByText('Ann Lee, Bo Park').waitFor();
    await signed.getByText('Published', { exact: true }).waitFor();
    await signed.getByText(new RegExp(`^Archived ${DATE.source}$`)).waitFor();
    await signed.getByText('Spring 1987').waitFor();
    await expectText(signed.locator('p').filter({ hasText: /poems •/ }), '2 poems • 3 lines • 7 words');
    await expect.poll(() => signed.getByRole('link', { name: 'View' }).getAttribute('href')).toBe(`/publication/${live.slug}`);
    await expect.poll(() => signed.getByRole('link', { name: 'View' }).getAttribute('target')).toBe('_blank');
    await expect.poll(() => signed.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe(`/admin/publication/${live.slug}`);
    // The shared button's sm size: at least 32 px high on a desktop.
    await expect.poll(async () => (await signed.getByRole('link', { name: 'Manage' }).boundingBox())?.height).toBeGreaterThanOrEqual(32);
    await suite.shot(page, '01-cards');
    await expectAccessible(page, 'dashboard with cards');
  });

  it("edits a publication's author on its own form, and the public page shows the new author", async () => {
    const { publication } = await seedPublication(
      suite,
      { title: `Misread ${uniqueWord('Edit')}`, authors: ["A BOY'S WILL"], publisher: 'Holt' },
      { status: 'published' },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await page.getByRole('link', { name: 'Edit Details' }).click();
    await page.getByRole('heading', { name: `Edit "${publication.title}"` }).waitFor();
    await expectAccessible(page, 'edit form');
    const authors = page.getByRole('combobox', { name: 'Authors' });
    await page.getByRole('button', { name: "A BOY'S WILL" }).locator('.MuiChip-deleteIcon').click();
    await authors.fill('Robert Frost');
    await authors.press('Enter');
    await page.getByRole('button', { name: 'Robert Frost' }).waitFor();
    await page.getByLabel('Publication Date').fill('1913');
    await page.getByLabel('ISBN').fill('978-0-00-000000-2');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // Back on the detail page at once; the change is sent when its notification (with Undo) closes.
    await page.waitForURL((url) => url.pathname === `/admin/publication/${publication.slug}`);
    await notification(page, 'Publication details saved').getByRole('button', { name: 'Undo' }).waitFor();
    await page.getByText('Robert Frost', { exact: true }).waitFor();
    await untilSent(page, 'Publication details saved');
    await expect.poll(async () => (await apiPublication(publication.id)).authors).toEqual(['Robert Frost']);
    expect(await apiPublication(publication.id)).toMatchObject({
      publication_date: '1913',
      isbn: '978-0-00-000000-2',
      publisher: 'Holt',
      title: publication.title,
    });
    const reader = await suite.newPage();
    await reader.goto(`/publication/${publication.slug}`);
    await reader.getByText('by Robert Frost').first().waitFor();
    await expect.poll(() => reader.getByText("A BOY'S WILL").count()).toBe(0);
  });

  it('refuses to save a blank title, as the API would, and sends nothing', async () => {
    const { publication } = await seedPublication(suite, { title: `Titled ${uniqueWord('Blank')}` });
    const page = await suite.newPage();
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts++;
    });
    await page.goto(`/admin/publication/${publication.id}/edit`);
    const title = page.getByLabel('Title');
    await title.fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Required').waitFor();
    await page.getByLabel('ISBN').fill('9'.repeat(41));
    await page.getByText('Must be 40 characters or less').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/publication/${publication.id}/edit`);
    expect(puts).toBe(0);
    expect((await apiPublication(publication.id)).title).toBe(publication.title);
  });

  it("publishes and unpublishes from the dashboard after the spec's confirm, with its toasts", async () => {
    const word = uniqueWord('Publish');
    const { publication } = await seedPublication(
      suite,
      { title: `Ready ${word}` },
      { poems: [{ title: 'Ready to Read', body: 'a line' }] },
    );
    const page = await suite.newPage();
    await dashboardFor(page, word);
    const c = card(page, publication.title);
    await c.getByRole('button', { name: 'Publish' }).click();
    await confirm(page, 'Are you sure you want to publish this publication?');
    await notification(page, 'Publication published successfully').waitFor();
    await c.getByText('Published', { exact: true }).waitFor();
    await c.getByRole('link', { name: 'View' }).waitFor();
    expect((await apiPublication(publication.id)).status).toBe('published');
    // Toasts stack rather than wait in turn: with the window away (which pauses a toast's clock) the
    // first is still up when the second comes, below it.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await c.getByRole('button', { name: 'Unpublish' }).click();
    await confirm(page, 'Are you sure you want to unpublish this publication?');
    await notification(page, 'Publication unpublished successfully').waitFor();
    await expect.poll(() => page.locator('.MuiSnackbar-root').count()).toBe(2);
    const [first, second] = await Promise.all(
      ['Publication published successfully', 'Publication unpublished successfully'].map((t) => notification(page, t).boundingBox()),
    );
    expect(second!.y).toBeGreaterThan(first!.y);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await notification(page, 'Publication published successfully').waitFor({ state: 'detached' });
    await c.getByText('Draft', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Drafts' }).click();
    await card(page, publication.title).waitFor();
    await page.getByRole('button', { name: 'Published' }).click();
    await page.getByRole('heading', { name: 'No publications match' }).waitFor();
    expect((await apiPublication(publication.id)).status).toBe('draft');
  });

  it('leaves a publication as it was when its confirm is cancelled', async () => {
    const word = uniqueWord('Cancel');
    const { publication } = await seedPublication(suite, { title: `Unsure ${word}` }, { poems: [{ title: 'Not Yet', body: 'a line' }] });
    const page = await suite.newPage();
    await dashboardFor(page, word);
    await card(page, publication.title).getByRole('button', { name: 'Publish' }).click();
    await confirm(page, 'Are you sure you want to publish this publication?', 'Cancel');
    await card(page, publication.title).getByText('Draft', { exact: true }).waitFor();
    expect((await apiPublication(publication.id)).status).toBe('draft');
  });

  it('moves a publication to the trash after a confirm, with Undo: undone it stays, let be it goes to the trash', async () => {
    const word = uniqueWord('Trash');
    const { publication } = await seedPublication(suite, { title: `Doubtful ${word}` });
    const page = await suite.newPage();
    await dashboardFor(page, word);
    await card(page, publication.title).getByRole('button', { name: 'Delete' }).click();
    await confirm(page, TRASH_CONFIRM, 'Cancel');
    await card(page, publication.title).getByText('Draft', { exact: true }).waitFor();
    expect((await apiPublication(publication.id)).deleted_at).toBeNull();
    await card(page, publication.title).getByRole('button', { name: 'Delete' }).click();
    await confirm(page, TRASH_CONFIRM);
    const toast = notification(page, 'Publication moved to trash');
    await card(page, publication.title).waitFor({ state: 'detached' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await card(page, publication.title).waitFor();
    await toast.waitFor({ state: 'detached' });
    expect((await apiPublication(publication.id)).deleted_at).toBeNull();

    await card(page, publication.title).getByRole('button', { name: 'Delete' }).click();
    await confirm(page, TRASH_CONFIRM);
    await untilSent(page, 'Publication moved to trash');
    await expect.poll(async () => (await apiPublication(publication.id)).deleted_at).not.toBeNull();
    await page.getByRole('button', { name: 'Trash' }).click();
    const trashed = card(page, publication.title);
    await trashed.getByText('Deleted', { exact: true }).waitFor();
    await trashed.getByText(new RegExp(`^Deleted ${DATE.source}$`)).waitFor();
    await suite.shot(page, '02-trash');
    await expectAccessible(page, 'trash');
  });

  it('restores from the trash (undoable) and deletes forever, each after its confirm', async () => {
    const word = uniqueWord('Restore');
    const { publication: back } = await seedPublication(suite, { title: `Wanted ${word}` }, { trash: true });
    const { publication: gone } = await seedPublication(
      suite,
      { title: `Unwanted ${word}` },
      { trash: true, poems: [{ title: 'Last poem', body: 'x' }] },
    );
    const page = await suite.newPage();
    await dashboardFor(page, word, 'trash');
    await card(page, back.title).getByRole('button', { name: 'Restore', exact: true }).click();
    await confirm(page, 'Are you sure you want to restore this publication? It returns to the active publications as it was.');
    await card(page, back.title).waitFor({ state: 'detached' });
    await untilSent(page, 'Publication restored from trash');
    await expect.poll(async () => (await apiPublication(back.id)).deleted_at).toBeNull();

    await card(page, gone.title).getByRole('button', { name: 'Delete Forever' }).click();
    await confirm(page, 'Are you sure you want to PERMANENTLY delete this publication and all its poems? This action cannot be undone!');
    await notification(page, 'Publication permanently deleted').waitFor();
    await page.getByRole('heading', { name: 'No publications match' }).waitFor();
    await suite.api.agent.get(`/api/publications/${gone.id}/?admin=true`).expect(404);
    await page.getByRole('button', { name: 'All Active' }).click();
    await card(page, back.title).waitFor();
  });

  /** The bulk actions toolbar, there while publications are selected. */
  const selection = (page: Page) => page.getByRole('region', { name: 'Selected publications' });
  const select = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select "${title}"`, exact: true }).check();

  it("selects two drafts and publishes both after the spec's confirm worded for two; visitors can read them", async () => {
    const word = uniqueWord('BulkPublish');
    const { publication: first } = await seedPublication(suite, { title: `First ${word}` });
    const { publication: second } = await seedPublication(suite, { title: `Second ${word}` });
    const { publication: left } = await seedPublication(suite, { title: `Left ${word}` });
    const page = await suite.newPage();
    await dashboardFor(page, word, 'draft');
    await select(page, first.title);
    await select(page, second.title);
    const bar = selection(page);
    await bar.getByText('2 publications selected').waitFor();
    await suite.shot(page, '04-bulk-selection');
    await expectAccessible(page, 'dashboard with two publications selected');
    await bar.getByRole('button', { name: 'Publish', exact: true }).click();
    await confirm(page, 'Are you sure you want to publish these 2 publications?');
    await notification(page, '2 publications published successfully').waitFor();
    // Published, they leave the Drafts; the one not selected stays, and nothing is selected any more.
    await card(page, first.title).waitFor({ state: 'detached' });
    await card(page, second.title).waitFor({ state: 'detached' });
    await card(page, left.title).waitFor();
    await bar.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Published', exact: true }).click();
    for (const p of [first, second]) await card(page, p.title).getByText('Published', { exact: true }).waitFor();
    for (const p of [first, second]) expect((await apiPublication(p.id)).status).toBe('published');
    expect((await apiPublication(left.id)).status).toBe('draft');
    const visitor = await suite.newPage(await suite.newContext(false));
    for (const p of [first, second]) {
      await visitor.goto(`/publication/${p.slug}`);
      await visitor.getByRole('heading', { level: 1, name: p.title }).waitFor();
    }
    expect((await fetch(`${suite.base}/api/publications/${left.id}/`)).status).toBe(404);
  });

  it('says which of a bulk action could not be changed, and why, and changes the rest', async () => {
    const word = uniqueWord('BulkPartly');
    const { publication: ready } = await seedPublication(suite, { title: `Ready ${word}` });
    const { publication: gone } = await seedPublication(suite, { title: `Gone ${word}` });
    const page = await suite.newPage();
    await dashboardFor(page, word, 'draft');
    await select(page, ready.title);
    await select(page, gone.title);
    // Meanwhile, elsewhere, one of them goes to the trash.
    await suite.commands.moveToTrash(gone.id);
    await selection(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await confirm(page, 'Are you sure you want to publish these 2 publications?');
    await notification(page, '1 of 2 selected could not be changed: Publication is in trash; restore it first').waitFor();
    // The list is read again: neither is a draft now, and nothing unseen stays selected.
    await card(page, ready.title).waitFor({ state: 'detached' });
    await card(page, gone.title).waitFor({ state: 'detached' });
    await selection(page).waitFor({ state: 'detached' });
    expect((await apiPublication(ready.id)).status).toBe('published');
    expect((await apiPublication(gone.id)).status).toBe('draft');
  });

  it('moves two publications to the trash at once after a confirm worded for two, with Undo: undone they stay, let be both go', async () => {
    const word = uniqueWord('BulkTrash');
    const { publication: first } = await seedPublication(suite, { title: `Doubtful ${word}` });
    const { publication: second } = await seedPublication(suite, { title: `Dubious ${word}` }, { status: 'published' });
    const page = await suite.newPage();
    await dashboardFor(page, word);
    await select(page, first.title);
    await select(page, second.title);
    await selection(page).getByRole('button', { name: 'Move to Trash' }).click();
    await confirm(page, TRASH_TWO_CONFIRM);
    const toast = notification(page, '2 publications moved to trash');
    await card(page, first.title).waitFor({ state: 'detached' });
    await card(page, second.title).waitFor({ state: 'detached' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await card(page, first.title).waitFor();
    await card(page, second.title).waitFor();
    await toast.waitFor({ state: 'detached' });
    for (const p of [first, second]) expect((await apiPublication(p.id)).deleted_at).toBeNull();

    await select(page, first.title);
    await select(page, second.title);
    await selection(page).getByRole('button', { name: 'Move to Trash' }).click();
    await confirm(page, TRASH_TWO_CONFIRM);
    await untilSent(page, '2 publications moved to trash');
    for (const p of [first, second]) await expect.poll(async () => (await apiPublication(p.id)).deleted_at).not.toBeNull();
    await page.getByRole('button', { name: 'Trash' }).click();
    await card(page, first.title).waitFor();
    await card(page, second.title).waitFor();
  });

  it('in the trash, restores two of three at once after a confirm (undoable), chosen with the page checkbox', async () => {
    const word = uniqueWord('BulkRestore');
    const trashed = [];
    for (const name of ['Wanted', 'Needed', 'Unwanted'])
      trashed.push((await seedPublication(suite, { title: `${name} ${word}` }, { trash: true })).publication);
    const [wanted, needed, unwanted] = trashed;
    const page = await suite.newPage();
    await dashboardFor(page, word, 'trash');
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await selection(page).getByText('3 publications selected').waitFor();
    await page.getByRole('checkbox', { name: `Select "${unwanted.title}"` }).uncheck();
    await selection(page).getByText('2 publications selected').waitFor();
    await expectAccessible(page, 'trash with two publications selected');
    await selection(page).getByRole('button', { name: 'Restore' }).click();
    await confirm(page, 'Are you sure you want to restore these 2 publications? They return to the active publications as they were.');
    await card(page, wanted.title).waitFor({ state: 'detached' });
    await card(page, needed.title).waitFor({ state: 'detached' });
    await untilSent(page, '2 publications restored from trash');
    for (const p of [wanted, needed]) await expect.poll(async () => (await apiPublication(p.id)).deleted_at).toBeNull();
    expect((await apiPublication(unwanted.id)).deleted_at).not.toBeNull();
    await card(page, unwanted.title).waitFor();
  });

  it("deletes two publications forever, with their poems, after the spec's confirm worded for two", async () => {
    const word = uniqueWord('BulkForever');
    const { publication: first, poems } = await seedPublication(
      suite,
      { title: `Gone ${word}` },
      { trash: true, poems: [{ title: 'Last poem', body: 'x' }] },
    );
    const { publication: second } = await seedPublication(suite, { title: `Lost ${word}` }, { trash: true });
    const { publication: kept } = await seedPublication(suite, { title: `Kept ${word}` }, { trash: true });
    const page = await suite.newPage();
    await dashboardFor(page, word, 'trash');
    await select(page, first.title);
    await select(page, second.title);
    await selection(page).getByRole('button', { name: 'Delete Forever' }).click();
    await confirm(
      page,
      'Are you sure you want to PERMANENTLY delete these 2 publications and all their poems? This action cannot be undone!',
      'Cancel',
    );
    await selection(page).getByText('2 publications selected').waitFor();
    await selection(page).getByRole('button', { name: 'Delete Forever' }).click();
    await confirm(
      page,
      'Are you sure you want to PERMANENTLY delete these 2 publications and all their poems? This action cannot be undone!',
    );
    await notification(page, '2 publications permanently deleted').waitFor();
    await card(page, first.title).waitFor({ state: 'detached' });
    await card(page, second.title).waitFor({ state: 'detached' });
    await card(page, kept.title).waitFor();
    for (const p of [first, second]) await suite.api.agent.get(`/api/publications/${p.id}/?admin=true`).expect(404);
    await suite.api.agent.get(`/api/poems/${poems[0].id}/`).expect(404);
    expect((await apiPublication(kept.id)).deleted_at).not.toBeNull();
  });

  it('pages through a 45-item trash, 20 at a time', async () => {
    const word = uniqueWord('Paged');
    for (let i = 1; i <= 45; i++) await seedPublication(suite, { title: `${word} ${String(i).padStart(2, '0')}` }, { trash: true });
    const page = await suite.newPage();
    await dashboardFor(page, word, 'trash');
    const cards = page.getByRole('article');
    await page.getByText('1-20 of 45').waitFor();
    await expect.poll(() => cards.count()).toBe(20);
    // The most recently deleted first.
    await expect.poll(() => cards.first().getAttribute('aria-label')).toBe(`${word} 45`);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('21-40 of 45').waitFor();
    await expect.poll(() => cards.first().getAttribute('aria-label')).toBe(`${word} 25`);
    await expect.poll(() => cards.count()).toBe(20);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('41-45 of 45').waitFor();
    await expect.poll(() => cards.count()).toBe(5);
    await expect.poll(() => cards.last().getAttribute('aria-label')).toBe(`${word} 01`);
    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await page.getByText('21-40 of 45').waitFor();
  });

  it('searches titles and authors and sorts the list', async () => {
    const word = uniqueWord('Sorted');
    await seedPublication(
      suite,
      { title: `beta ${word}`, authors: ['Carla Diaz'] },
      {
        poems: [
          { title: 'a', body: 'a' },
          { title: 'b', body: 'b' },
          { title: 'c', body: 'c' },
        ],
      },
    );
    await seedPublication(suite, { title: `Alpha ${word}`, authors: ['Dana Evans'] }, { poems: [{ title: 'a', body: 'a' }] });
    await seedPublication(
      suite,
      { title: `Gamma ${word}`, authors: [`Ed ${word}son`] },
      {
        poems: [
          { title: 'a', body: 'a' },
          { title: 'b', body: 'b' },
        ],
      },
    );
    const page = await suite.newPage();
    await page.goto('/admin');
    await page.getByPlaceholder('Search titles and authors').fill(word);
    const titles = () => page.getByRole('article').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    await expect.poll(titles).toHaveLength(3);
    await page.getByRole('button', { name: /^Sort by/ }).click();
    await page.getByRole('menuitem', { name: /^Title/ }).click();
    await expect.poll(titles).toEqual([`Alpha ${word}`, `beta ${word}`, `Gamma ${word}`]);
    await page.getByRole('button', { name: /^Sort by/ }).click();
    await page.getByRole('menuitem', { name: /^Number of poems/ }).click();
    await expect.poll(titles).toEqual([`Alpha ${word}`, `Gamma ${word}`, `beta ${word}`]);
    await page.getByRole('button', { name: /^Sort by/ }).click();
    await page.getByRole('menuitem', { name: /^Number of poems/ }).click();
    await expect.poll(titles).toEqual([`beta ${word}`, `Gamma ${word}`, `Alpha ${word}`]);
    // An author's name finds the book too.
    await page.getByPlaceholder('Search titles and authors').fill('carla diaz');
    await expect.poll(titles).toContain(`beta ${word}`);
    await page.getByPlaceholder('Search titles and authors').fill(`${word}zzz`);
    await page.getByRole('heading', { name: 'No publications match' }).waitFor();
  });

  it('publishes from the detail page, and Delete there asks, moves the book to the trash and returns to the dashboard, saying so', async () => {
    const { publication } = await seedPublication(
      suite,
      { title: `Detailed ${uniqueWord('Detail')}`, authors: [], notes: 'Kept by the family' },
      { poems: [{ title: 'In Detail', body: 'a line' }] },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await page.getByRole('heading', { level: 1, name: publication.title }).waitFor();
    await page.getByText(POET, { exact: true }).waitFor();
    await page.getByText('Kept by the family').waitFor();
    await expectAccessible(page, 'detail page');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await confirm(page, 'Are you sure you want to publish this publication?');
    await notification(page, 'Publication published successfully').waitFor();
    await page.getByText('Published', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'View Public Site' }).getAttribute('href'))
      .toBe(`/publication/${publication.slug}`);
    await suite.shot(page, '03-detail');

    await page.getByRole('button', { name: 'Delete Publication' }).click();
    await confirm(page, TRASH_CONFIRM);
    await page.waitForURL((url) => url.pathname === '/admin');
    await notification(page, 'Publication deleted successfully').getByRole('button', { name: 'Undo' }).waitFor();
    await untilSent(page, 'Publication deleted successfully');
    await expect.poll(async () => (await apiPublication(publication.id)).deleted_at).not.toBeNull();
  });
});
