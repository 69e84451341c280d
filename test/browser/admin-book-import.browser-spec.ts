/**
 * Importing a whole book in Chromium against the real server: 40 photos dropped at once are put in
 * the order people number them, two are dragged into another order, the import is started, the tab
 * is closed while the server reads, and the publication opened in a new tab follows the import to
 * its end with the poems in the new page order. An import given up, from the dialog after a refused
 * file or from the publication, leaves nothing. A scanned PDF's pages are said drawn as the import draws them.
 *
 * The server reads the pages through its OpenAI adapter from a stub that knows each photo by its
 * colour (test/support/openai-pages.ts), so poems in the new order prove each photo was read in its
 * new place. What is tested is the curator's screens and the import's course; real offline reading
 * of a whole book is test/e2e/book-import.e2e-spec.ts's, and in Chromium the wizard's
 * (admin-wizard.browser-spec.ts). Forty pages of offline OCR here cost a minute of CPU.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Poem } from '../../contracts/catalog.js';
import { colouredPhotos, distinctPoems, photosReply } from '../support/openai-pages.js';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { scannedPdf } from '../support/scanned-pdf.js';
import { confirm, expectAccessible, notification, seedPublication, startAdminSuite, type AdminSuite } from './support/admin-browser.js';

const PAGES = 40;
const IMPORT_TIMEOUT = 300_000;

describe('importing a whole book', { timeout: IMPORT_TIMEOUT + 180_000 }, () => {
  let suite: AdminSuite;
  let dir: string;
  let titles: string[];
  const bookTitle = 'Forty Small Rooms';

  let stub: OpenAiStub;
  /** How long the stub takes to answer a page. */
  let answerMs = 250;

  beforeAll(async () => {
    const poems = distinctPoems(PAGES);
    titles = poems.map((p) => p.title);
    // Each page answered after a quarter second, as a provider would take its time: the import is
    // still reading when the tab is closed.
    const reply = photosReply(poems);
    stub = await startOpenAiStub(async (request) => ({ ...(await reply(request)), delayMs: answerMs }));
    suite = await startAdminSuite('admin-book-import', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl });
    dir = mkdtempSync(join(tmpdir(), 'book-import-'));
    // Page i of the book, its own photo: IMG_1.jpg ... IMG_40.jpg, as a phone numbers them.
    for (const [i, photo] of (await colouredPhotos(PAGES)).entries()) writeFileSync(join(dir, `IMG_${i + 1}.jpg`), photo);
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => {
    await suite?.close();
    await stub?.close();
  });

  const apiPoems = async (id: number): Promise<Poem[]> =>
    (await suite.api.agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body;
  const fileNames = (dialog: Locator) =>
    dialog.getByTestId('book-file').evaluateAll((tiles) => tiles.map((t) => (t as HTMLElement).dataset.name));
  const handle = (dialog: Locator, name: string) => dialog.getByRole('button', { name: `Move ${name}`, exact: true });
  const poemTitles = (page: Page) => page.locator('[data-poem-id] h3').allInnerTexts();

  it('40 photos dropped at once, two moved, the tab closed while the server reads: the publication shows the import to its end, poems in the new page order', async () => {
    const { publication } = await seedPublication(suite, { title: bookTitle });
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await page.getByRole('button', { name: 'New Poem' }).click();
    await page.getByRole('menuitem', { name: 'Import a Whole Book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a Whole Book' });
    await dialog.getByRole('heading', { name: bookTitle }).waitFor();
    // Offered from the first, so a drop never shows it disabled for a moment.
    const start = dialog.getByRole('button', { name: 'Start Import' });
    await expect.poll(() => start.isEnabled()).toBe(true);

    // Dropped all at once, in the order a file manager might hand them over (by characters: IMG_10 before IMG_2).
    const byCharacters = Array.from({ length: PAGES }, (_, i) => `IMG_${i + 1}.jpg`).sort();
    await dialog
      .getByTestId('book-drop-zone')
      .locator('input[type=file]')
      .setInputFiles(byCharacters.map((n) => join(dir, n)));
    await dialog
      .getByTestId('book-file-count')
      .filter({ hasText: /^40 files$/ })
      .waitFor();
    const natural = Array.from({ length: PAGES }, (_, i) => `IMG_${i + 1}.jpg`);
    await expect.poll(() => fileNames(dialog)).toEqual(natural);
    // Every photo shows as its thumbnail.
    await expect
      .poll(() =>
        dialog
          .getByTestId('book-file')
          .locator('img')
          .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(PAGES);
    await expectAccessible(page, 'book import with 40 files');
    // The last row is reachable in the dialog's scroll: its last tile, scrolled to, is wholly inside the dialog's content.
    const lastTile = dialog.getByTestId('book-file').last();
    await lastTile.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        lastTile.evaluate((tile) => {
          const box = tile.getBoundingClientRect();
          const content = tile.closest('.MuiDialogContent-root')!.getBoundingClientRect();
          return box.top >= content.top && box.bottom <= content.bottom;
        }),
      )
      .toBe(true);

    // Dragged with the mouse, each step heard as a screen reader says it: page 3 onto page 4 (it
    // goes after it), then page 20 onto page 18 (it takes its place).
    const said = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
    async function drag(name: string, ontoName: string, place: number) {
      const from = handle(dialog, name);
      await from.scrollIntoViewIfNeeded();
      const a = (await from.boundingBox())!;
      const b = (await handle(dialog, ontoName).boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 5 });
      await said(`Picked up ${name}, file ${natural.indexOf(name) + 1}.`);
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 20 });
      await said(`${name} moved to place ${place}.`);
      await page.mouse.up();
      await said(`${name} dropped at place ${place}.`);
    }
    await drag('IMG_3.jpg', 'IMG_4.jpg', 4);
    const afterFirst = [...natural];
    afterFirst.splice(2, 2, 'IMG_4.jpg', 'IMG_3.jpg');
    await expect.poll(() => fileNames(dialog)).toEqual(afterFirst);
    await drag('IMG_20.jpg', 'IMG_18.jpg', 18);
    const order = [...afterFirst];
    order.splice(order.indexOf('IMG_20.jpg'), 1);
    order.splice(order.indexOf('IMG_18.jpg'), 0, 'IMG_20.jpg');
    await expect.poll(() => fileNames(dialog)).toEqual(order);
    await suite.shot(page, '01-files-ordered');

    await start.click();
    // The server has the book and is reading it: the tab is closed mid-way.
    await dialog
      .getByTestId('book-import-pages')
      .filter({ hasText: /^Page [1-9]\d* of 40$/ })
      .waitFor({ timeout: IMPORT_TIMEOUT });
    // The poems come once the whole book is read, and how long that takes is said from the pages read so far.
    await dialog
      .getByTestId('book-import-time-left')
      .filter({
        hasText:
          /^The poems appear in the publication once every page has been read\. At the pace of the pages read so far, that takes about (less than a minute|\d+ minutes?|\d+ hours?|\d+ h \d+ min) more\.$/,
      })
      .waitFor({ timeout: IMPORT_TIMEOUT });
    await suite.shot(page, '02-reading');
    await page.close();

    const again = await suite.newPage();
    await again.goto(`/admin/publication/${publication.slug}`);
    const panel = again.getByTestId('book-import-status');
    await panel.waitFor();
    await suite.shot(again, '03-reopened');
    await panel.getByRole('heading', { name: 'Import finished: 40 poems added' }).waitFor({ timeout: IMPORT_TIMEOUT });
    await panel.getByText('40 pages read; 0 duplicates skipped.').waitFor();
    await expectAccessible(again, 'publication after a book import');
    await panel.getByRole('button', { name: 'See the Poems' }).click();
    await again.getByRole('heading', { name: 'Poems (40)' }).waitFor();
    // The poems in page order: the moved pages' poems in their new places.
    const expected = order.map((name) => titles[Number(/\d+/.exec(name)![0]) - 1]);
    await expect.poll(() => poemTitles(again)).toEqual(expected);
    expect((await apiPoems(publication.id)).map((p) => p.title)).toEqual(expected);
    await suite.shot(again, '04-finished');

    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('a scanned PDF: the publication says how many of its pages are drawn while some are still to draw, and the import ends with a poem a page', async () => {
    const { publication } = await seedPublication(suite, { title: 'Eight Scanned Pages' });
    const { agent } = suite.api;
    const { id } = (await agent.post(`/api/publications/${publication.id}/book_imports/`).expect(201)).body;
    const pdf = await scannedPdf(await colouredPhotos(8), 100);
    await agent
      .post(`/api/book_imports/${id}/files/`)
      .field('position', '0')
      .attach('file', pdf, { filename: 'Eight pages.pdf', contentType: 'application/pdf' })
      .expect(201);
    // Pages answered slowly: the second four are drawn only once the first four are read.
    answerMs = 2500;
    try {
      await agent.post(`/api/book_imports/${id}/start/`).expect(202);
      const page = await suite.newPage();
      await page.goto(`/admin/publication/${publication.slug}`);
      const panel = page.getByTestId('book-import-status');
      const drawn = panel.getByTestId('book-import-pages-drawn');
      await drawn
        .filter({ hasText: /^PDF pages drawn as page photos: [0-7] of 8 \(a few are drawn just before they are read\)$/ })
        .waitFor({ timeout: 60_000 });
      await expectAccessible(page, 'a book import drawing the pages of a PDF');
      await panel.getByRole('heading', { name: 'Import finished: 8 poems added' }).waitFor({ timeout: IMPORT_TIMEOUT });
      await drawn.waitFor({ state: 'detached' });
      expect((await apiPoems(publication.id)).map((p) => p.title)).toEqual(titles.slice(0, 8));
    } finally {
      answerMs = 250;
    }
  });

  it('from the wizard’s scanning step: a refused photo says why, and once removed the rest is sent, the one already sent kept in its place', async () => {
    const { publication } = await seedPublication(suite, { title: 'A Refused Page' });
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await page.getByRole('button', { name: 'New Poem' }).click();
    await page.getByRole('menuitem', { name: 'Scan Page Photos' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add New Poems' });
    await wizard.getByRole('heading', { name: 'A Refused Page' }).waitFor();
    // The batch scan keeps its limit beside the new choice.
    await wizard.getByText('0 / 10').waitFor();
    await wizard.getByRole('link', { name: 'Import a whole book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a Whole Book' });
    await dialog.getByRole('heading', { name: 'A Refused Page' }).waitFor();
    await wizard.waitFor({ state: 'detached' });

    const input = dialog.getByTestId('book-drop-zone').locator('input[type=file]');
    await input.setInputFiles([
      { name: 'IMG_3.jpg', mimeType: 'image/jpeg', buffer: readFileSync(join(dir, 'IMG_3.jpg')) },
      { name: 'IMG_2.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) },
      { name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: readFileSync(join(dir, 'IMG_1.jpg')) },
    ]);
    await expect.poll(() => fileNames(dialog)).toEqual(['IMG_1.jpg', 'IMG_2.jpg', 'IMG_3.jpg']);
    await dialog.getByRole('button', { name: 'Start Import' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: /^IMG_2\.jpg was not taken: .*empty/ });
    await refusal.waitFor();
    await suite.shot(page, '05-refused');
    await expectAccessible(page, 'book import with a refused file');
    // The photo the server holds stays where it is; the refused one goes, and the rest is sent.
    await dialog.getByTestId('book-file').filter({ hasText: 'IMG_1.jpg' }).getByText('Sent').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove IMG_1.jpg' }).count()).toBe(0);
    const go = dialog.getByRole('button', { name: 'Send the rest and start' });
    await expect.poll(() => go.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove IMG_2.jpg' }).click();
    await refusal.waitFor({ state: 'detached' });
    // Closing now would cancel the import and remove IMG_1, already sent: the dialog asks first.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await confirm(
      page,
      'Are you sure you want to cancel this import? The files chosen are not kept, and the files already sent are removed from the publication.',
      'Cancel',
    );
    await go.click();
    const status = dialog.getByTestId('book-import-status');
    await status.getByRole('heading', { name: 'Import finished: 2 poems added' }).waitFor({ timeout: IMPORT_TIMEOUT });
    await status.getByRole('button', { name: 'See the Poems' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => poemTitles(page)).toEqual([titles[0], titles[2]]);
  });

  it('an import given up leaves nothing, from the dialog after a refused file or from the publication; one whose files were not all sent is finished by choosing them again, each page once', async () => {
    const { publication } = await seedPublication(suite, { title: 'Sending Stopped' });
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    const noImport = async () =>
      expect.poll(async () => (await suite.api.agent.get(`/api/publications/${publication.id}/book_import/`)).status).toBe(404);
    const noPages = async () =>
      expect
        .poll(async () => (await suite.api.agent.get(`/api/publications/${publication.id}/unscanned_pages/`).expect(200)).body)
        .toEqual({ unscanned: 0, waiting: 0, not_started: 0 });

    // From the dialog: Start with nothing chosen says to choose; a file refused, the import is cancelled.
    await page.getByRole('button', { name: 'New Poem' }).click();
    await page.getByRole('menuitem', { name: 'Import a Whole Book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a Whole Book' });
    await dialog.getByRole('button', { name: 'Start Import' }).click();
    await notification(page, 'Choose at least one photo or PDF file').waitFor();
    await dialog
      .getByTestId('book-drop-zone')
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: readFileSync(join(dir, 'IMG_1.jpg')) },
        { name: 'IMG_2.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) },
      ]);
    await dialog.getByRole('button', { name: 'Start Import' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /^IMG_2\.jpg was not taken/ })
      .waitFor();
    await dialog.getByTestId('book-file').filter({ hasText: 'IMG_1.jpg' }).getByText('Sent').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await confirm(
      page,
      'Are you sure you want to cancel this import? The files chosen are not kept, and the files already sent are removed from the publication.',
    );
    await dialog.waitFor({ state: 'detached' });
    await notification(page, 'Import cancelled: the files sent were removed').waitFor();
    await noImport();
    await noPages();

    // As a tab closed while sending leaves it: one file of two sent, never started. The
    // publication says so (not that a scan did not finish), and it can be cancelled there.
    const leftBehind = async () => {
      const created = (await suite.api.agent.post(`/api/publications/${publication.id}/book_imports/`).expect(201)).body as { id: number };
      await suite.api.agent
        .post(`/api/book_imports/${created.id}/files/`)
        .field('position', '0')
        .attach('file', join(dir, 'IMG_5.jpg'))
        .expect(201);
    };
    await leftBehind();
    await page.reload();
    const panel = page.getByTestId('book-import-status');
    const notAllSent = panel.getByText('The files were not all sent: sending stopped (the page may have been closed) after 1 file.', {
      exact: false,
    });
    await notAllSent.waitFor();
    await panel.getByRole('button', { name: 'Cancel the Import' }).click();
    await confirm(page, 'Are you sure you want to cancel this import? The files already sent are removed from the publication.');
    await panel.waitFor({ state: 'detached' });
    await noImport();
    await noPages();

    await leftBehind();
    await page.reload();
    await notAllSent.waitFor();
    await expectAccessible(page, 'publication with an unfinished book import');
    await panel.getByRole('button', { name: 'Choose the Files Again' }).click();
    await dialog
      .getByTestId('book-drop-zone')
      .locator('input[type=file]')
      .setInputFiles([join(dir, 'IMG_6.jpg'), join(dir, 'IMG_5.jpg')]);
    await expect.poll(() => fileNames(dialog)).toEqual(['IMG_5.jpg', 'IMG_6.jpg']);
    await dialog.getByRole('button', { name: 'Start Import' }).click();
    await dialog
      .getByTestId('book-import-status')
      .getByRole('heading', { name: 'Import finished: 2 poems added' })
      .waitFor({ timeout: IMPORT_TIMEOUT });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Behind the dialog the publication shows the same summary, and the poems once each.
    await page.getByTestId('book-import-status').getByText('2 pages read; 0 duplicates skipped.').waitFor();
    await expect.poll(() => poemTitles(page)).toEqual([titles[4], titles[5]]);
  });
});
