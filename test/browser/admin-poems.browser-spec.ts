/**
 * Poems on a publication's detail page, in Chromium against the real server: the reading order
 * and the reader following it, a poem typed in by hand, editing beside the page photograph, a
 * poem's own language, deleting with undo, and typed text kept across a session that ends. Every
 * test sets up its own publication.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Poem } from '../../contracts/catalog.js';
import { renderBookPages, sampleBook } from '../support/page-photos/page-photos.mjs';
import {
  confirm,
  expectAccessible,
  expectText,
  login,
  notification,
  publicPoemTitles,
  scanPages,
  SCREEN_TIMEOUT,
  seedPublication,
  startAdminSuite,
  type AdminSuite,
} from './support/admin-browser.js';

describe('poems in the admin', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('admin-poems');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  const poemCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  const cardTitles = (page: Page) =>
    page
      .getByRole('list')
      .getByRole('article')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  const apiPoems = async (publicationId: number): Promise<Poem[]> =>
    (await suite.api.agent.get(`/api/publications/${publicationId}/poems/?admin=true`).expect(200)).body;

  it('reorders two poems, and the public reader shows them in the new order', async () => {
    const { publication } = await seedPublication(
      suite,
      { title: 'Three Short Poems' },
      {
        status: 'published',
        poems: [
          { title: 'Dawn', body: 'first light' },
          { title: 'Noon', body: 'high sun' },
          { title: 'Dusk', body: 'last light' },
        ],
      },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await page.getByRole('heading', { name: 'Poems (3)' }).waitFor();
    await expect.poll(() => cardTitles(page)).toEqual(['Dawn', 'Noon', 'Dusk']);
    await expect.poll(() => page.getByRole('button', { name: 'Move "Dawn" up' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Move "Dusk" up' }).click();
    await expect.poll(() => cardTitles(page)).toEqual(['Dawn', 'Dusk', 'Noon']);
    // The keyboard stays on the arrow just used, on the poem's new card.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move "Dusk" up');
    await page.getByRole('status').filter({ hasText: 'Poem 2 of 3' }).waitFor({ state: 'attached' });
    await page.keyboard.press('Enter');
    await expect.poll(() => cardTitles(page)).toEqual(['Dusk', 'Dawn', 'Noon']);
    await expect.poll(async () => (await apiPoems(publication.id)).map((p) => p.title)).toEqual(['Dusk', 'Dawn', 'Noon']);
    expect(await publicPoemTitles(suite, publication.slug)).toEqual(['Dusk', 'Dawn', 'Noon']);
    const reader = await suite.newPage();
    await reader.goto(`/publication/${publication.slug}`);
    await expect.poll(() => reader.locator('.toc-name').allInnerTexts()).toEqual(['Dusk', 'Dawn', 'Noon']);
    await reader.getByRole('link', { name: 'Next' }).click();
    await reader.getByRole('heading', { level: 2, name: 'Dusk' }).waitFor();
    // A reload shows the order the server keeps, not one the page only displayed.
    await page.reload();
    await expect.poll(() => cardTitles(page)).toEqual(['Dusk', 'Dawn', 'Noon']);
    await suite.shot(page, '01-reordered');
    await expectAccessible(page, 'detail page with poems');
  });

  it('types a poem in by hand, keeping its indentation, and adds it after the last one', async () => {
    const { publication } = await seedPublication(
      suite,
      { title: 'Typed Poems' },
      { poems: [{ title: 'Already Here', body: 'one line' }] },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await page.getByRole('heading', { name: 'Poems (1)' }).waitFor();
    await page.getByRole('button', { name: 'New Poem' }).click();
    await page.getByRole('menuitem', { name: 'Type a Poem' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Poem' });
    await dialog.waitFor();
    await expectAccessible(page, 'new poem dialog');
    await dialog.getByLabel('Title').fill('Typed by Hand');
    const body = 'The first line\n    indented by four\n\nA second stanza';
    await dialog.getByLabel('Poem Text').fill(body);
    await dialog.getByRole('button', { name: 'Add Poem' }).click();
    await notification(page, 'Poem added to the publication').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Poems (2)' }).waitFor();
    await expect.poll(() => cardTitles(page)).toEqual(['Already Here', 'Typed by Hand']);
    const typed = poemCard(page, 'Typed by Hand');
    await expectText(typed.locator('pre'), body);
    await typed.getByText('3 lines • 9 words').waitFor();
    const saved = (await apiPoems(publication.id)).at(-1)!;
    expect(saved).toMatchObject({ title: 'Typed by Hand', body, notes: '', position: 2, line_count: 3 });
  });

  it('refuses a typed poem without text with the reason, and adds nothing', async () => {
    const { publication } = await seedPublication(suite, { title: 'Nothing Typed' });
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}/poems/create`);
    const dialog = page.getByRole('dialog', { name: 'New Poem' });
    await dialog.getByLabel('Title').fill('Only a Title');
    await dialog.getByRole('button', { name: 'Add Poem' }).click();
    await notification(page, /body is required/).waitFor();
    await dialog.waitFor();
    expect(await apiPoems(publication.id)).toEqual([]);
  });

  it('edits a poem beside its page photograph, zoomed in, keeping indentation; saving is undoable', async () => {
    const { publication } = await seedPublication(suite, { title: 'Proofread Me' });
    const rendered = await renderBookPages(sampleBook({ title: 'Proofread Me' }), { maxPages: 1, seed: 5 });
    const scan = await scanPages(
      suite,
      publication.id,
      rendered.pages.map((p) => p.image),
    );
    const poem = scan.poems[0];
    expect(poem).toBeDefined();
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await poemCard(page, poem.title).getByRole('link', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    await dialog.waitFor();
    const photo = dialog.getByRole('img', { name: /Photograph of (page|the page)/ }).first();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const width = () => photo.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width);
    const before = await width();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await dialog.getByText('150%').waitFor();
    await expect.poll(width).toBeGreaterThan(before * 1.4);
    await expectAccessible(page, 'edit poem beside its photograph');
    await suite.shot(page, '02-edit-beside-photo');
    const text = dialog.getByLabel('Poem Text');
    await expect
      .poll(() => text.evaluate((el) => `${getComputedStyle(el).fontFamily}|${getComputedStyle(el).whiteSpace}`))
      .toMatch(/mono.*\|pre$/i);
    await text.fill('First line kept\n    indented by four\n\nA new stanza');
    await dialog.getByLabel('Title').fill('The Orchard, Revised');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const toast = notification(page, 'Poem updated successfully');
    await toast.getByRole('button', { name: 'Undo' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const edited = poemCard(page, 'The Orchard, Revised');
    await expectText(edited.locator('pre'), 'First line kept\n    indented by four\n\nA new stanza');
    await toast.waitFor({ state: 'detached', timeout: 2 * SCREEN_TIMEOUT });
    await edited.getByText('3 lines • 9 words').waitFor();
    const saved = (await apiPoems(publication.id)).find((p) => p.id === poem.id)!;
    expect(saved).toMatchObject({
      title: 'The Orchard, Revised',
      body: 'First line kept\n    indented by four\n\nA new stanza',
      line_count: 3,
    });
  });

  it('turns a page photograph a quarter at a time in Edit Poem, whole in its frame, and it stays turned after a reload', async () => {
    const { publication } = await seedPublication(suite, { title: 'Photographed Sideways' });
    const rendered = await renderBookPages(sampleBook({ title: 'Photographed Sideways' }), { maxPages: 1, seed: 7 });
    const scan = await scanPages(
      suite,
      publication.id,
      rendered.pages.map((p) => p.image),
    );
    const poem = scan.poems[0]!;
    const page = await suite.newPage();
    const openEdit = async () => {
      await page.goto(`/admin/publication/${publication.slug}`);
      await poemCard(page, poem.title).getByRole('link', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
      await dialog.waitFor();
      const photo = dialog.getByRole('img', { name: /Photograph of (page|the page)/ }).first();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      return { dialog, photo };
    };
    /** The photo's box as shown (turned), and whether it lies whole inside the box it is laid out in. */
    const shown = (photo: Locator) =>
      photo.evaluate((img: HTMLImageElement) => {
        const r = img.getBoundingClientRect();
        const box = img.parentElement!.getBoundingClientRect();
        const inside = r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
        return { landscape: r.width > r.height, inside, fills: Math.abs(box.height - r.height) <= 2 };
      });

    let { dialog, photo } = await openEdit();
    expect(await shown(photo)).toEqual({ landscape: false, inside: true, fills: true });
    await dialog.getByRole('button', { name: 'Rotate right' }).click();
    await expect.poll(() => shown(photo)).toEqual({ landscape: true, inside: true, fills: true });
    const pages = async () => (await suite.api.agent.get(`/api/poems/${poem.id}/pages/`).expect(200)).body as Array<{ rotation: number }>;
    await expect.poll(async () => (await pages())[0]?.rotation).toBe(90);
    await expectAccessible(page, 'edit poem with a turned photograph');
    await suite.shot(page, '03-edit-turned-photo');

    await page.reload();
    ({ dialog, photo } = await openEdit());
    await expect.poll(() => shown(photo)).toEqual({ landscape: true, inside: true, fills: true });
    await dialog.getByRole('button', { name: 'Rotate left' }).click();
    await dialog.getByRole('button', { name: 'Rotate left' }).click();
    await expect.poll(async () => (await pages())[0]?.rotation).toBe(270);
    await expect.poll(() => shown(photo)).toEqual({ landscape: true, inside: true, fills: true });
  });

  it("sets a poem's own language in Edit Poem, and back to its book's", async () => {
    const { publication } = await seedPublication(
      suite,
      { title: 'Two Tongues', language: 'en' },
      { poems: [{ title: 'Vorfrühling', body: 'Es läuft der Frühlingswind\ndurch kahle Alleen' }] },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    const choose = async (from: string, to: string) => {
      await poemCard(page, 'Vorfrühling').getByRole('link', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
      const language = dialog.getByRole('combobox', { name: /^Language/ });
      await expectText(language, from);
      await language.click();
      await page.getByRole('option', { name: to }).click();
      // Measured once the menu has gone (see admin-poem-status.browser-spec.ts).
      await page.locator('[role="option"]').first().waitFor({ state: 'detached' });
      await expectText(language, to);
      return dialog;
    };
    let dialog = await choose('Same as the book (English)', 'Deutsch — German');
    await expectAccessible(page, 'edit poem with a language of its own');
    await suite.shot(page, '05-poem-language');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await apiPoems(publication.id))[0]!.language).toBe('de');
    dialog = await choose('Deutsch — German', 'Same as the book (English)');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await apiPoems(publication.id))[0]!.language).toBeNull();
  });

  it('undoes a poem edit, and deletes a poem after a confirm, with Undo', async () => {
    const { publication } = await seedPublication(
      suite,
      { title: 'Second Thoughts' },
      {
        poems: [
          { title: 'Keep Me', body: 'as I am' },
          { title: 'Remove Me', body: 'going soon' },
        ],
      },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await poemCard(page, 'Keep Me').getByRole('link', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    await dialog.getByLabel('Title').fill('Changed My Mind');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await notification(page, 'Poem updated successfully').getByRole('button', { name: 'Undo' }).click();
    await poemCard(page, 'Keep Me').waitFor();
    await notification(page, 'Poem updated successfully').waitFor({ state: 'detached' });

    await poemCard(page, 'Remove Me').getByRole('button', { name: 'Delete' }).click();
    await confirm(page, "The poem leaves the book. You can restore it from the book's history.");
    await poemCard(page, 'Remove Me').waitFor({ state: 'detached' });
    const toast = notification(page, 'Poem deleted successfully');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await poemCard(page, 'Remove Me').waitFor();
    await toast.waitFor({ state: 'detached' });
    expect((await apiPoems(publication.id)).map((p) => p.title)).toEqual(['Keep Me', 'Remove Me']);

    await poemCard(page, 'Remove Me').getByRole('button', { name: 'Delete' }).click();
    await confirm(page, "The poem leaves the book. You can restore it from the book's history.");
    await toast.waitFor();
    await toast.waitFor({ state: 'detached', timeout: 2 * SCREEN_TIMEOUT });
    await page.getByRole('heading', { name: 'Poems (1)' }).waitFor();
    await expect.poll(async () => (await apiPoems(publication.id)).map((p) => p.title)).toEqual(['Keep Me']);
  });

  it('keeps what was typed in Edit Poem when the session ends in another tab, and puts it back after signing in', async () => {
    const { publication, poems } = await seedPublication(
      suite,
      { title: 'Interrupted' },
      { poems: [{ title: 'Half Done', body: 'as printed' }] },
    );
    const context = await suite.newContext(true);
    const page = await suite.newPage(context);
    await page.goto(`/admin/publication/${publication.slug}`);
    await poemCard(page, 'Half Done').getByRole('link', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    const typed = 'as printed\nand a second line, typed with care\n    indented';
    await dialog.getByLabel('Poem Text').fill(typed);

    // Meanwhile the curator signs out in another tab.
    const other = await suite.newPage(context);
    await other.goto('/admin');
    await other.getByRole('button', { name: 'Logout' }).click();
    await confirm(other, 'Are you sure you want to logout?');
    await other.waitForURL('**/login');

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/login');
    await expectText(
      page.getByRole('status').filter({ hasText: 'Your session ended' }).locator('.MuiAlert-message'),
      'Your session ended (you were signed out, perhaps in another tab, or it expired), so please sign in again. The text you had not saved is kept in this browser and put back when you sign in.',
    );
    await expectAccessible(page, 'login after a session ended');
    await login(page);
    await page.waitForURL((url) => url.pathname === `/admin/publication/${publication.slug}/poems/${poems[0].id}`);
    const back = page.getByRole('dialog', { name: 'Edit Poem' });
    await expect.poll(() => back.getByLabel('Poem Text').inputValue()).toBe(typed);
    await back.getByText('Your session had ended, so you were asked to sign in again.', { exact: false }).waitFor();
    await suite.shot(page, '04-text-put-back');
    expect((await apiPoems(publication.id))[0].body).toBe('as printed');
    const poemPath = `/api/poems/${poems[0].id}/`;
    const isSave = (method: string, url: string) => method === 'PUT' && new URL(url).pathname === poemPath;
    let saves = 0;
    page.on('request', (request) => {
      if (isSave(request.method(), request.url())) saves++;
    });
    const answered = page.waitForResponse((response) => isSave(response.request().method(), response.url()));
    await back.getByRole('button', { name: 'Save Changes' }).click();
    expect((await answered).status()).toBe(200);
    // One save after the sign-in, one toast: it shows, and no second joins it while it stays (4 s).
    const savedToast = notification(page, 'Poem updated successfully');
    await savedToast.first().waitFor();
    const counts: number[] = [];
    await expect
      .poll(
        async () => {
          counts.push(await savedToast.count());
          return counts.length;
        },
        { interval: 100, timeout: 5_000 },
      )
      .toBeGreaterThanOrEqual(6);
    expect(Math.max(...counts)).toBe(1);
    expect(saves).toBe(1);
    await expect.poll(async () => (await apiPoems(publication.id))[0].body).toBe(typed);
    // Saved, nothing is kept any more.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('archive.unsaved:')))).toEqual([]);
  });
});
