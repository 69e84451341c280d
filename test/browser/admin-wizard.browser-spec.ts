/**
 * The creation wizard and scanning in Chromium against the real server, whose offline extractor
 * reads rendered page photographs: creating by hand, scanning into the preview beside the page,
 * duplicates, Start Over on a book that already had poems, metadata from photos, Reprocess.
 * Every test sets up its own publication.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../contracts/catalog.js';
import { heicFixture } from '../support/heic.js';
import { renderBookPages, renderMetadataPages, sampleBook } from '../support/page-photos/page-photos.mjs';
import { rememberReadings } from '../support/remembered-readings.js';
import {
  confirm,
  expectAccessible,
  notification,
  photoFiles,
  scanPages,
  seedPublication,
  startAdminSuite,
  uniqueWord,
  type AdminSuite,
} from './support/admin-browser.js';

/** Scanning is real OCR; on a busy machine it takes a while (minutes for a HEIC photo). */
const SCAN_TIMEOUT = 240_000;

// A test may scan twice; the waits still end as soon as the screen is right.
describe('the creation wizard and scanning', { timeout: 2 * SCAN_TIMEOUT }, () => {
  let suite: AdminSuite;
  /** Two pages of the sample book photographed, and the same pages photographed again. */
  let pages: Buffer[];
  let again: Buffer[];
  let printedTitles: string[];
  let firstPageTitles: string[];
  let readings: { forget: () => void };

  beforeAll(async () => {
    suite = await startAdminSuite('admin-wizard');
    // The tests scan the same two photographs into books of their own: each is read once, by the
    // first test that shows its scan's progress; what the others test is the wizard around it.
    readings = rememberReadings(suite.server.app);
    const book = sampleBook({ title: 'Songs of the Orchard' });
    const rendered = await renderBookPages(book, { maxPages: 2, seed: 7 });
    pages = rendered.pages.map((p) => p.image);
    printedTitles = rendered.poems.map((p) => p.title);
    firstPageTitles = rendered.poems.filter((p) => p.page_numbers[0] === rendered.pages[0].pageNumber).map((p) => p.title);
    again = (await renderBookPages(book, { maxPages: 2, seed: 21 })).pages.map((p) => p.image);
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  const apiPoems = async (id: number): Promise<Poem[]> =>
    (await suite.api.agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body;
  const apiPublication = async (id: number): Promise<Publication> =>
    (await suite.api.agent.get(`/api/publications/${id}/?admin=true`).expect(200)).body;

  /** The wizard tied to an existing publication, opened from its detail page ('New Poem', then scan). */
  async function openScanWizard(page: Page, publication: Publication): Promise<Locator> {
    await page.goto(`/admin/publication/${publication.slug}`);
    await page.getByRole('button', { name: 'New Poem' }).click();
    await page.getByRole('menuitem', { name: 'Scan Page Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Poems' });
    await dialog.getByRole('heading', { name: publication.title }).waitFor();
    return dialog;
  }

  async function scanInto(dialog: Locator, images: Buffer[], name: string) {
    await dialog.getByTestId('pages-drop-zone').locator('input[type=file]').setInputFiles(photoFiles(images, name));
    await dialog.getByText(`${images.length} / 10`).waitFor();
    await dialog.getByRole('button', { name: 'Scan Poems' }).click();
  }

  it('creates a publication by hand, step by step; closing in step 3 says the draft stays, and the dashboard shows it at once', async () => {
    const title = `Winter Orchard ${uniqueWord('')}`;
    const page = await suite.newPage();
    await page.goto('/admin');
    await page.getByRole('link', { name: 'New Publication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Publication' });
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('[aria-current="step"]').innerText()).toContain('Metadata Extraction');
    await dialog.getByText('Review & Edit').waitFor();
    await dialog.getByText('Content Scanning').waitFor();
    await expectAccessible(page, 'wizard step 1');
    await dialog.getByLabel('Create manually').check();
    await dialog.getByRole('button', { name: 'Enter Publication Information Manually' }).click();
    const create = dialog.getByRole('button', { name: 'Create Publication' });
    await expect.poll(() => create.isDisabled()).toBe(true);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Author 1', { exact: true }).fill('Eleanor Whitfield');
    await dialog.getByRole('button', { name: 'Add Author' }).click();
    await dialog.getByLabel('Author 2', { exact: true }).fill('Someone Else');
    await dialog.getByRole('button', { name: 'Remove author 2' }).click();
    await expect.poll(() => dialog.getByLabel('Author 2', { exact: true }).count()).toBe(0);
    await expect.poll(() => dialog.getByRole('button', { name: /^Remove author/ }).count()).toBe(0);
    await dialog.getByLabel('Publisher').fill('Harbour Press');
    await dialog.getByLabel('Publication Date').fill('Spring 1987');
    await expectAccessible(page, 'wizard step 2');
    await suite.shot(page, '01-wizard-metadata');
    await create.click();
    await dialog.getByRole('button', { name: 'Scan Poems' }).waitFor();
    await dialog.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => dialog.locator('[aria-current="step"]').innerText()).toContain('Content Scanning');
    const [created] = (await suite.api.agent.get(`/api/publications/?admin=true&q=${encodeURIComponent(title)}`).expect(200))
      .body as Publication[];
    expect(created).toMatchObject({
      title,
      authors: ['Eleanor Whitfield'],
      publisher: 'Harbour Press',
      publication_date: 'Spring 1987',
      status: 'draft',
    });
    await expectAccessible(page, 'wizard step 3');

    // A photo chosen but not scanned would be lost; the confirm says what stays.
    await dialog
      .getByTestId('pages-drop-zone')
      .locator('input[type=file]')
      .setInputFiles(photoFiles(pages.slice(0, 1), 'unscanned'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await confirm(
      page,
      `Are you sure you want to close? Any unsaved progress will be lost. The draft "${title}" stays, with every poem already scanned into it.`,
    );
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/admin');
    const card = page.getByRole('article', { name: title, exact: true });
    await card.getByText('Draft', { exact: true }).waitFor();
    await card.getByText('Eleanor Whitfield').waitFor();
  });

  it('scans page photos with visible progress into the preview beside the page, and saving the draft saves the edits and says so', async () => {
    const { publication } = await seedPublication(suite, { title: 'First Scan' });
    const page = await suite.newPage();
    const dialog = await openScanWizard(page, publication);
    await dialog.getByRole('button', { name: 'Scan Poems' }).click();
    await notification(page, 'Please upload at least one page image').waitFor();
    await scanInto(dialog, pages, 'first-scan');
    await dialog.getByText('Scanning Poems - Extracting and preserving exact poem formatting...').waitFor();
    await dialog
      .getByTestId('scan-progress')
      .filter({ hasText: /^(Waiting for a scanner\.\.\.|page [012] of 2)$/ })
      .waitFor();
    await dialog.getByRole('heading', { name: 'Preview & Edit Poems' }).waitFor({ timeout: SCAN_TIMEOUT });
    await dialog.getByText(new RegExp(`^Poem 1 of ${printedTitles.length}$`)).waitFor();
    const results = dialog.getByRole('region', { name: 'Scan Results' });
    await results.getByText(`New: ${printedTitles.length}`).waitFor();
    await results.getByText('Duplicates skipped: 0').waitFor();
    await expect.poll(() => dialog.getByLabel('Poem Title').inputValue()).toBe(printedTitles[0]);
    const photo = dialog.getByRole('img', { name: /Photograph of page/ }).first();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The text is tied to the page: the caret's line is outlined on the photo, zoomed in to read it.
    await dialog.getByLabel('Poem Text').focus();
    await dialog.locator('[data-line-outline]').waitFor();
    await dialog.getByText('200%').waitFor();
    await dialog
      .locator('[data-doubts]')
      .getByText(/^(\d+ doubtful words?|No doubtful words)$/)
      .waitFor();
    await suite.shot(page, '02-preview');
    await expectAccessible(page, 'wizard preview');

    // Arrow keys move between poems, but not while typing.
    await dialog.getByRole('heading', { name: 'Preview & Edit Poems' }).click();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText(new RegExp(`^Poem 2 of ${printedTitles.length}$`)).waitFor();
    await dialog.getByLabel('Poem Text').click();
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText(new RegExp(`^Poem 2 of ${printedTitles.length}$`)).waitFor();
    await dialog.getByRole('button', { name: '← Previous' }).click();
    await dialog.getByText(new RegExp(`^Poem 1 of ${printedTitles.length}$`)).waitFor();
    await dialog.getByLabel('Poem Title').fill(`${printedTitles[0]} (proofread)`);
    await dialog.getByRole('button', { name: 'Save Draft' }).click();
    await notification(page, 'Draft saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: `Poems (${printedTitles.length})` }).waitFor();
    await page.getByRole('article', { name: `${printedTitles[0]} (proofread)`, exact: true }).waitFor();
    expect((await apiPoems(publication.id)).map((p) => p.title)).toEqual([`${printedTitles[0]} (proofread)`, ...printedTitles.slice(1)]);
    expect((await apiPublication(publication.id)).status).toBe('draft');
  });

  it('after Scan More finds only duplicates, reports them and still offers Save Draft and Publish', async () => {
    const { publication } = await seedPublication(suite, { title: 'Scanned Twice' });
    const page = await suite.newPage();
    const dialog = await openScanWizard(page, publication);
    await dialog.getByText(/checked for duplicates: anything 95%\+ similar/).waitFor();
    await scanInto(dialog, pages.slice(0, 1), 'page-one');
    await dialog.getByRole('heading', { name: 'Preview & Edit Poems' }).waitFor({ timeout: SCAN_TIMEOUT });
    await dialog.getByRole('button', { name: 'Scan More Poems' }).click();
    // The same page photographed again: every poem on it is already there.
    await scanInto(dialog, again.slice(0, 1), 'page-one-again');
    const results = dialog.getByRole('region', { name: 'Scan Results' });
    await results.getByText('New: 0').waitFor({ timeout: SCAN_TIMEOUT });
    await results.getByText(`Duplicates skipped: ${firstPageTitles.length}`).waitFor();
    await results.getByText(`"${firstPageTitles[0]}" matches existing poem "${firstPageTitles[0]}"`, { exact: false }).waitFor();
    await dialog.getByText('Every poem on these pages is already in the publication.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Save Draft' }).waitFor();
    await suite.shot(page, '03-only-duplicates');
    await expectAccessible(page, 'wizard after a scan of duplicates');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await notification(page, 'Publication published successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiPublication(publication.id)).status).toBe('published');
    expect((await apiPoems(publication.id)).map((p) => p.title)).toEqual(firstPageTitles);
  });

  it('Scan More with the next page runs on the poem the first page left unfinished, and says so', async () => {
    const { publication } = await seedPublication(suite, { title: 'Page by Page' });
    const page = await suite.newPage();
    const dialog = await openScanWizard(page, publication);
    await scanInto(dialog, pages.slice(0, 1), 'page-eleven');
    await dialog.getByRole('heading', { name: 'Preview & Edit Poems' }).waitFor({ timeout: SCAN_TIMEOUT });
    await dialog.getByRole('button', { name: 'Scan More Poems' }).click();
    await scanInto(dialog, pages.slice(1, 2), 'page-twelve');
    const results = dialog.getByRole('region', { name: 'Scan Results' });
    const runsOn = printedTitles[printedTitles.length - 1];
    await results.getByText(`"${runsOn}" runs on with these pages`, { exact: false }).waitFor({ timeout: SCAN_TIMEOUT });
    await results.getByText('New: 0').waitFor();
    await dialog.getByText('No new poem on these pages: they ran on a poem already in the publication.', { exact: false }).waitFor();
    await expectAccessible(page, 'wizard after a scan that ran a poem on');
    const poems = await apiPoems(publication.id);
    expect(poems.map((p) => p.title)).toEqual(printedTitles);
    expect(poems[poems.length - 1].page_numbers).toEqual([11, 12]);
  });

  it('offers exactly the photo types the server takes, and scans a HEIC photo from a phone', async () => {
    const { publication } = await seedPublication(suite, { title: 'From a Phone' });
    const before = (await apiPoems(publication.id)).length;
    const page = await suite.newPage();
    const dialog = await openScanWizard(page, publication);
    const input = dialog.getByTestId('pages-drop-zone').locator('input[type=file]');
    const accept = (await input.getAttribute('accept')) ?? '';
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', '.heic']) expect(accept).toContain(type);
    // A GIF is refused by the picker with the list it takes; an iPhone's HEIC photo (often sent with
    // no MIME type at all) is taken by its ending.
    await input.setInputFiles({
      name: 'scan.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'),
    });
    await dialog.getByText('scan.gif: File type must be image/jpeg, image/png, image/webp, image/heic, image/heif').waitFor();
    // A page of the sample book as an iPhone saves it.
    await input.setInputFiles({ name: 'IMG_0042.HEIC', mimeType: '', buffer: heicFixture('page-13') });
    await dialog.getByText('1 / 10').waitFor();
    await dialog.getByRole('button', { name: 'Scan Poems' }).click();
    await dialog.getByRole('heading', { name: 'Preview & Edit Poems' }).waitFor({ timeout: SCAN_TIMEOUT });
    const photo = dialog.getByRole('img', { name: /Photograph of page/ }).first();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect((await apiPoems(publication.id)).length).toBeGreaterThan(before);
  });

  it('Start Over on a book that already had poems removes only the poems of this session, and the page photos it stored', async () => {
    const { publication } = await seedPublication(
      suite,
      { title: 'Finished Book' },
      {
        poems: [
          { title: 'Written Before', body: 'an earlier poem' },
          { title: 'Also Before', body: 'another one' },
        ],
      },
    );
    const page = await suite.newPage();
    const dialog = await openScanWizard(page, publication);
    await scanInto(dialog, pages.slice(0, 1), 'start-over');
    await dialog.getByRole('heading', { name: 'Preview & Edit Poems' }).waitFor({ timeout: SCAN_TIMEOUT });
    await expect.poll(async () => (await apiPoems(publication.id)).length).toBe(2 + firstPageTitles.length);
    if (firstPageTitles.length > 1) {
      await dialog.getByRole('button', { name: 'Delete Poem' }).click();
      await confirm(page, 'Are you sure you want to delete this poem?');
      await dialog.getByText(new RegExp(`^Poem 1 of ${firstPageTitles.length - 1}$`)).waitFor();
      await expect.poll(async () => (await apiPoems(publication.id)).length).toBe(2 + firstPageTitles.length - 1);
    }
    await dialog.getByRole('button', { name: 'Start Over' }).click();
    await confirm(page, 'Are you sure you want to delete all poems and start over?');
    await dialog.getByTestId('pages-drop-zone').waitFor();
    await expect.poll(async () => (await apiPoems(publication.id)).map((p) => p.title)).toEqual(['Written Before', 'Also Before']);
    // Nothing left to lose, so closing asks nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Poems (2)' }).waitFor();
    // The session's photos went with its poems, so Reprocess has nothing to read them back from.
    await page.getByRole('button', { name: 'Reprocess Pages' }).click();
    await notification(page, /^Reprocessing failed: This publication has no stored page images/).waitFor();
    expect((await apiPoems(publication.id)).map((p) => p.title)).toEqual(['Written Before', 'Also Before']);
  });

  it("reads a new book's metadata from photos of its cover, title and copyright pages", async () => {
    const meta = await renderMetadataPages(sampleBook({ title: 'Songs of the Orchard' }), { seed: 3 });
    const files = photoFiles(
      meta.pages.map((p) => p.image),
      'meta',
    );
    const named = meta.pages.map((p, i) => ({ kind: p.kind, file: files[i] }));
    const page = await suite.newPage();
    await page.goto('/admin/publications/create');
    const dialog = page.getByRole('dialog', { name: 'Create New Publication' });
    await dialog.getByText('AI Powered').waitFor();
    await dialog.getByRole('button', { name: 'Extract Metadata' }).click();
    await notification(page, 'Please upload at least one image of the book cover or title page').waitFor();
    const zone = dialog.getByTestId('metadata-drop-zone');
    await zone.locator('input[type=file]').setInputFiles(files);
    await dialog.getByText(`${files.length} images attached`).waitFor();
    const copyright = named.find((n) => n.kind === 'copyright')!;
    await zone.getByRole('button', { name: `Remove ${copyright.file.split('/').pop()}` }).click();
    await dialog.getByText(`${files.length - 1} images attached`).waitFor();
    await zone.locator('input[type=file]').setInputFiles([copyright.file]);
    await dialog.getByRole('button', { name: 'Extract Metadata' }).click();
    await dialog.getByText('Extracting Metadata - AI is analyzing your images...').waitFor();
    await dialog.getByText('Publication metadata successfully extracted!').waitFor({ timeout: SCAN_TIMEOUT });
    await expect.poll(() => dialog.getByLabel('Title').inputValue()).toBe(meta.metadata.title);
    await expect.poll(() => dialog.getByLabel('ISBN').inputValue()).toBe(meta.metadata.isbn);
    await expect.poll(() => dialog.getByLabel('Publisher').inputValue()).toBe(meta.metadata.publisher);
    await suite.shot(page, '04-metadata-extracted');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Extract Metadata' }).waitFor();
    await dialog.getByLabel('Add content to an existing publication').check();
    await dialog.getByRole('combobox', { name: 'Select a publication' }).waitFor();
    await dialog.getByRole('button', { name: 'Continue with Selected Publication' }).click();
    await notification(page, 'Please select an existing publication').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await confirm(page, 'Are you sure you want to close? Any unsaved progress will be lost.');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/admin');
  });

  it('Reprocess on the detail page shows its progress and adds no poem that is already there', async () => {
    const { publication: empty } = await seedPublication(suite, { title: 'Never Scanned' });
    const { publication } = await seedPublication(suite, { title: 'Read Again' });
    await scanPages(suite, publication.id, pages.slice(0, 1));
    const before = (await apiPoems(publication.id)).map((p) => p.title);
    expect(before.length).toBeGreaterThan(0);
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${empty.slug}`);
    await page.getByRole('button', { name: 'Reprocess Pages' }).click();
    await notification(page, /^Reprocessing failed: This publication has no stored page images/).waitFor();

    await page.goto(`/admin/publication/${publication.slug}`);
    // Read again for real, so its progress is there to be seen.
    readings.forget();
    await page.getByRole('button', { name: 'Reprocess Pages' }).click();
    await page
      .getByTestId('reprocess-progress')
      .filter({ hasText: /^Reprocessing: (waiting for a scanner\.\.\.|page [01] of 1)$/ })
      .waitFor();
    await notification(page, 'Reprocessing finished: 0 new poems added').waitFor({ timeout: SCAN_TIMEOUT });
    await page.getByTestId('reprocess-progress').waitFor({ state: 'detached' });
    expect((await apiPoems(publication.id)).map((p) => p.title)).toEqual(before);
  });
});
