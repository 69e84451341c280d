/**
 * Scanning through the API on the in-process queue (no REDIS_URL), with the real offline extractor
 * reading rendered page photographs: upload, duplicates, the page archive, reprocess, async jobs,
 * metadata, and every refusal a user can run into.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poemSimilarity } from '../../src/scanning/domain/duplicates/poem-similarity.js';
import { renderBookPages, renderMetadataPages, sampleBook, SAMPLE_METADATA } from '../support/page-photos/page-photos.mjs';
import type { RenderedBook } from '../support/page-photos/page-photos.mjs';
import {
  createPublication,
  csrfAgent,
  staffAgent,
  startTestApp,
  type TestAgent,
  type TestApp,
  withoutCsrfHeader,
} from '../support/test-app.js';
import { pollScan, sha256 } from '../support/worker-process/scan-helpers.js';
import { heicFixture } from '../support/heic.js';
import { rememberReadings } from '../support/remembered-readings.js';

/** The same page photographed again: other exposure, other JPEG encoding, other bytes. */
const rephotograph = (image: Buffer) => sharp(image).modulate({ brightness: 1.04 }).jpeg({ quality: 83 }).toBuffer();

function attachPages(req: ReturnType<TestAgent['post']>, images: Buffer[], field = (i: number) => `page_${i}`) {
  images.forEach((image, i) => req.attach(field(i), image, { filename: `photo-${i}.jpg`, contentType: 'image/jpeg' }));
  return req;
}

describe('scanning page photos into poems (in-process queue, offline extractor)', () => {
  let t: TestApp;
  let agent: TestAgent;
  let token: string;
  let book: RenderedBook;
  /** Pages 11-13 of the sample book: four poems, one running over from page 11 to 12. */
  let pages: Buffer[];

  beforeAll(async () => {
    book = await renderBookPages(sampleBook(), { maxPages: 3 });
    pages = book.pages.map((p) => p.image);
    t = await startTestApp('pglite', { env: { MAX_UPLOAD_MB: '1', SCAN_JOB_BACKOFF_MS: '100' } });
    // Each test scans the same three pages into a book of its own; they are read once.
    rememberReadings(t.app);
    ({ agent, token } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  const upload = (id: number | string, images: Buffer[], query = '') =>
    attachPages(agent.post(`/api/publications/${id}/batch_upload_pages/${query}`), images);
  /** The printed poems that begin on one of these pages (of 11-13). */
  const poemsFrom = (pageNumbers: number[]) => book.poems.filter((p) => pageNumbers.includes(p.page_numbers[0]));
  /** A publication of the test's own with pages scanned into it (all three unless told), and that scan's answer. */
  const scannedBook = async (title: string, which = [0, 1, 2]) => {
    const id = await createPublication(agent, title);
    const scan = (
      await upload(
        id,
        which.map((i) => pages[i]),
      ).expect(200)
    ).body as Record<string, any>;
    expect(scan.extracted_poems).toBe(poemsFrom(which.map((i) => book.pages[i].pageNumber)).length);
    return { pubId: id, firstScan: scan };
  };

  it('turns a batch of page photos into poems with their titles, text and printed page numbers', async () => {
    const pubId = await createPublication(agent, 'The Orchard Years');
    const res = await upload(pubId, pages).expect(200);
    expect(res.body).toMatchObject({ extracted_poems: book.poems.length, duplicates_ignored: 0, duplicates: [], pages_total: 3 });
    expect(res.body.job_id).toMatch(/^scan-\d+-[0-9a-f]{32}$/);
    const listed = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as any[];
    expect(listed.map((p) => p.title)).toEqual(book.poems.map((p) => p.title));
    expect(listed.map((p) => p.page_numbers)).toEqual(book.poems.map((p) => p.page_numbers));
    for (const [i, poem] of listed.entries()) expect(poemSimilarity(poem.body, book.poems[i].body)).toBeGreaterThanOrEqual(0.95);
    expect(res.body.poems.map((p: any) => p.id)).toEqual(listed.map((p) => p.id));
  });

  it('numbers a batch that starts mid-book: pages 11 and 12 alone, page 11 opening a poem without a folio, get 11 and 12', async () => {
    // Page 11 as many books print a page a poem opens on: with no page number.
    const [opening] = (await renderBookPages(sampleBook(), { maxPages: 1, unnumberedOpenings: true })).pages;
    const pubId = await createPublication(agent, 'Pages 11 and 12');
    await upload(pubId, [opening.image, pages[1]]).expect(200);
    const listed = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as any[];
    const [alone, runningOver] = poemsFrom([11]).map((p) => p.title);
    expect(listed.map((p) => [p.title, p.page_numbers])).toEqual([
      [alone, [11]],
      [runningOver, [11, 12]],
    ]);
  });

  it('skips poems already in the publication when the same pages are photographed again, naming each match', async () => {
    const { pubId, firstScan } = await scannedBook('Photographed twice');
    const again = await Promise.all(pages.map(rephotograph));
    const res = await upload(pubId, again).expect(200);
    expect(res.body.job_id).not.toBe(firstScan.job_id);
    expect(res.body.extracted_poems).toBe(0);
    expect(res.body.duplicates_ignored).toBe(book.poems.length);
    expect(res.body.duplicates.map((d: any) => d.matched_poem)).toEqual(firstScan.poems.map((p: any) => ({ id: p.id, title: p.title })));
    for (const d of res.body.duplicates) expect(d.similarity).toBeGreaterThanOrEqual(0.95);
    const listed = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body;
    expect(listed).toHaveLength(book.poems.length);
  });

  it('skips a page photographed twice within one batch, matching the earlier poem of the batch', async () => {
    const other = await createPublication(agent, 'Batch duplicates');
    const page13 = pages[2];
    const res = await upload(other, [page13, await rephotograph(page13)]).expect(200);
    const onPage13 = book.poems.filter((p) => p.page_numbers.join() === '13');
    expect(res.body.extracted_poems).toBe(onPage13.length);
    expect(res.body.duplicates_ignored).toBe(onPage13.length);
    expect(res.body.duplicates.map((d: any) => d.matched_in)).toEqual(onPage13.map(() => 'batch'));
    expect(res.body.duplicates.map((d: any) => d.matched_poem.id)).toEqual(res.body.poems.map((p: any) => p.id));
  });

  it('the same upload repeated is the same job, adds no poem twice and reports them as already there', async () => {
    const { pubId, firstScan } = await scannedBook('Uploaded twice');
    const res = await upload(pubId, pages).expect(200);
    expect(res.body.job_id).toBe(firstScan.job_id);
    expect(res.body.extracted_poems).toBe(0);
    expect(res.body.poems).toEqual([]);
    expect(res.body.duplicates_ignored).toBe(book.poems.length);
    expect(res.body.duplicates.map((d: any) => d.matched_poem.id)).toEqual(firstScan.poems.map((p: any) => p.id));
    expect(res.body.duplicates.every((d: any) => d.similarity === 1 && d.matched_in === 'publication')).toBe(true);
    const listed = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body;
    expect(listed).toHaveLength(book.poems.length);
  });

  it("keeps each poem's page photos, a draft's for staff only", async () => {
    const { firstScan } = await scannedBook('Kept photos', [0, 1]);
    const twoPager = firstScan.poems.find((p: any) => p.page_numbers.length === 2);
    const res = await agent.get(`/api/poems/${twoPager.id}/pages/`).expect(200);
    expect(res.body.map((p: any) => ({ page_index: p.page_index, page_number: p.page_number }))).toEqual([
      { page_index: 0, page_number: 11 },
      { page_index: 1, page_number: 12 },
    ]);
    const image = await agent
      .get(res.body[1].url)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(sha256(image.body as Buffer)).toBe(sha256(pages[1]));

    const visitor = t.http();
    const denied = await visitor.get(`/api/poems/${twoPager.id}/pages/`).expect(401);
    expect(denied.body.error).toBeTruthy();
    // A draft's photo is not there for a visitor (it is once the book is published: reader-poem-tools).
    await visitor.get(res.body[1].url).expect(404);
    await agent.get('/api/poems/999999/pages/').expect(404);
    await agent.get('/api/scan_pages/999999/image/').expect(404);
  });

  it('answers 202 with a job id for async=true, and the job reports state, progress and the result', async () => {
    const other = await createPublication(agent, 'Async scan');
    const res = await upload(other, [pages[0], pages[1]], '?async=true').expect(202);
    expect(res.body.job_id).toMatch(/^scan-/);
    const seen = new Set<string>();
    const done = await pollScan(agent, res.body.job_id, (s) => {
      seen.add(s.state);
      expect(s.progress.pages_total).toBe(2);
      return s.state === 'completed' || s.state === 'failed';
    });
    expect(done.state).toBe('completed');
    expect(done.progress).toEqual({ pages_done: 2, pages_total: 2 });
    expect(done.result.extracted_poems).toBe(2);
    expect(done.result.poems.map((p: any) => p.title)).toEqual(['The Orchard in Winter', 'Letter to My Students']);
    expect([...seen].every((s) => ['queued', 'active', 'completed'].includes(s))).toBe(true);
  });

  it('answers a finished scan alike when waited for and when its job is asked later, a job kept by the version before included', async () => {
    const id = await createPublication(agent, 'Answers kept');
    const waited = (await upload(id, [pages[2]]).expect(200)).body as Record<string, any>;
    expect(Object.keys(waited)).toEqual([
      'job_id',
      'publication_id',
      'extracted_poems',
      'duplicates_ignored',
      'total_scanned',
      'empty_dropped',
      'continued',
      'duplicates',
      'poems',
      'pages_total',
    ]);
    expect(waited.poems).toHaveLength(poemsFrom([13]).length);
    expect(waited.poems[0]).toMatchObject({ publication_id: id, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/) });
    const job = (await agent.get(`/api/scans/${waited.job_id}/`).expect(200)).body as Record<string, any>;
    expect(Object.keys(job)).toEqual(['job_id', 'name', 'state', 'progress', 'attempts', 'result']);
    expect(JSON.stringify(job.result)).toBe(JSON.stringify(waited));
    // The version before kept the answer itself as the job's result: after an upgrade it is answered as it was
    // (in the key order the database keeps it in, as that version answered it).
    await t.app.get(DataSource).query(`UPDATE scan_jobs SET result = $2::jsonb WHERE id = $1`, [waited.job_id, JSON.stringify(waited)]);
    expect((await agent.get(`/api/scans/${waited.job_id}/`).expect(200)).body).toEqual(job);
  });

  it('reprocess reads the stored pages again and adds nothing that is already there, edited poems included', async () => {
    const { pubId, firstScan } = await scannedBook('Read again', [2]);
    const onPage13 = poemsFrom([13]);
    const edited = firstScan.poems[0];
    const newBody = 'An entirely rewritten text\nthat the admin typed in by hand\nafter the scan.';
    await agent.put(`/api/poems/${edited.id}/`).send({ title: edited.title, body: newBody, notes: '' }).expect(200);
    const res = await agent.post(`/api/publications/${pubId}/reprocess/`).expect(200);
    expect(res.body.extracted_poems).toBe(0);
    expect(res.body.duplicates_ignored).toBeGreaterThanOrEqual(onPage13.length);
    const listed = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as any[];
    expect(listed).toHaveLength(onPage13.length);
    expect(listed.find((p) => p.id === edited.id).body).toBe(newBody);
  });

  it('refuses uploads without pages, with too many pages, with files that are not images, or too large', async () => {
    const pubId = await createPublication(agent, 'Refused uploads');
    const none = await agent.post(`/api/publications/${pubId}/batch_upload_pages/`).field('note', 'x').expect(400);
    expect(none.body.error).toBe('Please upload at least one page image');
    const eleven = await upload(
      pubId,
      Array.from({ length: 11 }, () => pages[0].subarray(0, 2000)),
    ).expect(400);
    expect(eleven.body.error).toBe('Maximum 10 images allowed per batch');
    const pdf = await attachPages(agent.post(`/api/publications/${pubId}/batch_upload_pages/`), [
      Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
    ]).expect(415);
    expect(pdf.body.error).toMatch(/page_0 is a PDF document.*JPEG, PNG, WebP and HEIC\/HEIF/);
    const big = await sharp({
      create: { width: 1400, height: 1400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const tooLarge = await upload(pubId, [big]).expect(413);
    expect(tooLarge.body.error).toMatch(/too large/i);
    const wrongField = await attachPages(agent.post(`/api/publications/${pubId}/batch_upload_pages/`), [pages[0]], () => 'photo').expect(
      400,
    );
    expect(wrongField.body.error).toMatch(/page_0/);
    const listed = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body;
    expect(listed).toEqual([]);
  });

  it('upload_page scans one page sent as "page"', async () => {
    const other = await createPublication(agent, 'Single page');
    const req = agent.post(`/api/publications/${other}/upload_page/`).attach('page', pages[2], 'p.jpg');
    const res = await req.expect(200);
    expect(res.body.poems.map((p: any) => p.title)).toEqual(book.poems.filter((p) => p.page_numbers.join() === '13').map((p) => p.title));
  });

  it('runs a poem on when the next upload begins with the rest of it, and skips that page when it comes again', async () => {
    const other = await createPublication(agent, 'Uploaded page by page');
    const letter = book.poems.find((p) => p.page_numbers.join() === '11,12')!;
    await upload(other, [pages[0]]).expect(200);
    const res = await upload(other, [pages[1]]).expect(200);
    expect(res.body).toMatchObject({ extracted_poems: 0, duplicates_ignored: 0, total_scanned: 1 });
    expect(res.body.continued.map((p: any) => p.title)).toEqual([letter.title]);
    const listed = (await agent.get(`/api/publications/${other}/poems/?admin=true`).expect(200)).body as any[];
    const joined = listed.find((p) => p.title === letter.title);
    expect(listed).toHaveLength(book.poems.filter((p) => p.page_numbers.includes(11)).length);
    expect(joined.page_numbers).toEqual([11, 12]);
    expect(poemSimilarity(joined.body, letter.body)).toBeGreaterThanOrEqual(0.95);
    // Page 12 again, photographed anew: its lines are already the end of the poem.
    const again = await upload(other, [await rephotograph(pages[1])]).expect(200);
    expect(again.body).toMatchObject({ extracted_poems: 0, duplicates_ignored: 1, continued: [] });
    expect((await agent.get(`/api/publications/${other}/poems/?admin=true`).expect(200)).body).toHaveLength(listed.length);
  });

  it('reads a page photographed as HEIC, as an iPhone saves it, and shows it as JPEG beside its poems', async () => {
    const other = await createPublication(agent, 'From a phone');
    const heic = heicFixture('page-13');
    const res = await agent
      .post(`/api/publications/${other}/upload_page/`)
      .attach('page', heic, { filename: 'IMG_0042.HEIC', contentType: 'image/heic' })
      .expect(200);
    const onPage13 = book.poems.filter((p) => p.page_numbers.join() === '13');
    expect(res.body.poems.map((p: any) => p.title)).toEqual(onPage13.map((p) => p.title));
    const [photo] = (await agent.get(`/api/poems/${res.body.poems[0].id}/pages/`).expect(200)).body;
    expect(photo.mime_type).toBe('image/jpeg');
    const image = await agent.get(photo.url).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.body as Buffer).metadata()).format).toBe('jpeg');
  });

  it('answers 404 for an unknown publication or job, 409 for one in the trash, 401 for visitors, 403 without CSRF', async () => {
    const pubId = await createPublication(agent, 'Guarded');
    await upload(999999, [pages[0]]).expect(404);
    await agent.get('/api/scans/scan-1-0123456789abcdef0123456789abcdef/').expect(404);
    await agent.get('/api/scans/not-a-job/').expect(404);

    const trashed = await createPublication(agent, 'Trashed');
    await agent.delete(`/api/publications/${trashed}/`).expect(200);
    const conflict = await upload(trashed, [pages[0]]).expect(409);
    expect(conflict.body.error).toMatch(/trash/i);

    const visitor = await csrfAgent(t);
    await attachPages(visitor.agent.post(`/api/publications/${pubId}/batch_upload_pages/`), [pages[0]]).expect(401);
    await attachPages(withoutCsrfHeader(t, agent).post(`/api/publications/${pubId}/batch_upload_pages/`), [pages[0]]).expect(403);
  });

  it('accepts the CSRF token as the csrfmiddlewaretoken form field of an upload, as the admin client sends it', async () => {
    const trashed = await createPublication(agent, 'Form field token');
    await agent.delete(`/api/publications/${trashed}/`).expect(200);
    const formOnly = withoutCsrfHeader(t, agent);
    const viaField = await attachPages(
      formOnly.post(`/api/publications/${trashed}/batch_upload_pages/`).field('csrfmiddlewaretoken', token),
      [pages[0]],
    );
    expect(viaField.status).toBe(409); // past the CSRF check, stopped by the trash
    const forged = await attachPages(
      formOnly.post(`/api/publications/${trashed}/batch_upload_pages/`).field('csrfmiddlewaretoken', 'forged.token'),
      [pages[0]],
    );
    expect(forged.status).toBe(403);
    expect(forged.body.detail).toMatch(/CSRF/);
  });

  it('reads publication metadata from cover, title and copyright page photos', async () => {
    const meta = await renderMetadataPages(sampleBook());
    const req = agent.post('/api/ai_extraction/extract_metadata/');
    meta.pages.forEach((p, i) => req.attach(`image_${i}`, p.image, `m${i}.jpg`));
    const res = await req.expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.metadata).toMatchObject({ title: SAMPLE_METADATA.title, authors: SAMPLE_METADATA.authors, isbn: SAMPLE_METADATA.isbn });

    const none = await agent.post('/api/ai_extraction/extract_metadata/').field('x', '1').expect(400);
    expect(none.body.error).toBe('Please upload at least one image of the book cover or title page');
    const many = agent.post('/api/ai_extraction/extract_metadata/');
    for (let i = 0; i < 11; i++) many.attach(`image_${i}`, meta.pages[0].image.subarray(0, 1000), `m${i}.jpg`);
    expect((await many.expect(400)).body.error).toBe('Maximum 10 images allowed for metadata extraction');
  });

  it('deleting a publication forever removes its stored page photos too', async () => {
    const id = await createPublication(agent, 'Short-Lived Shelf');
    const scan = (await upload(id, [pages[2]]).expect(200)).body;
    const stored = (await agent.get(`/api/poems/${scan.poems[0].id}/pages/`).expect(200)).body;
    await agent.get(stored[0].url).expect(200);
    const dir = join(t.config.pageStoreDir, 'publications', String(id));
    expect(existsSync(dir)).toBe(true);
    await agent.delete(`/api/publications/${id}/`).expect(200);
    expect(existsSync(dir), 'photos stay while the publication is only in trash').toBe(true);
    await agent.delete(`/api/publications/${id}/permanent_delete/`).expect(200);
    expect(existsSync(dir)).toBe(false);
    await agent.get(stored[0].url).expect(404);
  });
});
