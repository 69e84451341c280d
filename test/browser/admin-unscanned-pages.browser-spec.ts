/**
 * Page photos whose scan did not finish, in Chromium against the real server: the publication's
 * detail page says its stored pages gave no poems, and its Reprocess reads them and adds the
 * poems, after which the notice is gone. The OpenAI adapter talks to a stub on 127.0.0.1 that
 * first refuses the pages (so the scan fails), then reads each page's poem.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { LANTERN, ORCHARD, pagePhotos, pagesReply } from '../support/openai-pages.js';
import { expectAccessible, notification, seedPublication, startAdminSuite, type AdminSuite } from './support/admin-browser.js';

const HOLD_MS = 15_000;

describe('stored page photos without poems', () => {
  let stub: OpenAiStub;
  let refusing = true;
  /** Pages answered only after HOLD_MS: a scan the detail page sees running. */
  let holding = false;
  let suite: AdminSuite;

  beforeAll(async () => {
    const pages = pagesReply([LANTERN, ORCHARD], () => holding, HOLD_MS);
    stub = await startOpenAiStub((request) =>
      refusing ? { status: 413, body: { error: { message: 'Request too large' } } } : pages(request),
    );
    suite = await startAdminSuite('admin-unscanned-pages', {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseUrl,
      SCAN_JOB_ATTEMPTS: '1',
    });
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => {
    await suite?.close();
    await stub?.close();
  });

  it('says so on the detail page, and Reprocess there reads the pages and adds their poems', async () => {
    const { publication } = await seedPublication(suite, { title: 'Scan Cut Short' });
    const upload = suite.api.agent.post(`/api/publications/${publication.id}/batch_upload_pages/`);
    (await pagePhotos(2)).forEach((photo, i) =>
      upload.attach(`page_${i}`, photo, { filename: `page-${i}.jpg`, contentType: 'image/jpeg' }),
    );
    expect((await upload).status).toBe(413);
    refusing = false;

    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    const notice = page.getByRole('alert').filter({ hasText: 'Page photos without poems' });
    await notice
      .getByText(
        '2 stored page photos have not been read: their scan did not finish. Reprocess Pages reads them again and adds their poems.',
      )
      .waitFor();
    await page.getByText('No poems extracted yet. Upload pages to start extracting poems.').waitFor();
    // Reprocess stands in the notice, once on the page.
    await expect.poll(() => page.getByRole('button', { name: 'Reprocess Pages' }).count()).toBe(1);
    await suite.shot(page, '01-notice');
    await expectAccessible(page, 'detail page with pages without poems');

    await notice.getByRole('button', { name: 'Reprocess Pages' }).click();
    await notification(page, 'Reprocessing finished: 2 new poems added').waitFor();
    await notice.waitFor({ state: 'detached' });
    await page.getByText(LANTERN.title, { exact: true }).waitFor();
    await page.getByText(ORCHARD.title, { exact: true }).waitFor();
    // Reprocess is back among the publication's actions.
    await page.getByRole('button', { name: 'Reprocess Pages' }).waitFor();
    await suite.shot(page, '02-read');
  });

  it('says while page photos are still being scanned, and shows their poems once they are read', async () => {
    const { publication } = await seedPublication(suite, { title: 'Scan Under Way' });
    holding = true;
    const page = await suite.newPage();
    const status = page.getByRole('status').filter({ hasText: '2 page photos are still being scanned.' });
    try {
      const upload = suite.api.agent.post(`/api/publications/${publication.id}/batch_upload_pages/?async=true`);
      (await pagePhotos(2)).forEach((photo, i) =>
        upload.attach(`page_${i}`, photo, { filename: `page-${i}.jpg`, contentType: 'image/jpeg' }),
      );
      expect((await upload).status).toBe(202);
      await page.goto(`/admin/publication/${publication.slug}`);
      await status.waitFor();
    } finally {
      holding = false;
    }
    // Nothing is wrong with them: Reprocess stays among the publication's actions.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Page photos without poems' }).count()).toBe(0);
    await page.getByText(LANTERN.title, { exact: true }).waitFor({ timeout: HOLD_MS + 30_000 });
    await page.getByText(ORCHARD.title, { exact: true }).waitFor();
    await status.waitFor({ state: 'detached' });
  });
});
