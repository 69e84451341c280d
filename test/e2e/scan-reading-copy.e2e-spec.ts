/**
 * Each page photo is decoded once: the page the upload normalised is kept beside the photo as its
 * reading copy, and the scan (Reprocess, a whole-book import) reads that copy rather than the photo.
 * To tell which one a scan read, the stored photo is swapped for another after the upload, behind
 * the archive's back; the OpenAI stub answers by the width of the page it is sent (800: the photo
 * uploaded, 900: the one swapped in, 1200: the one swapped in, turned).
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { LANTERN, ORCHARD, type StubPoem } from '../support/openai-pages.js';
import { createPublication, scenarioTarget, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

const page = (width: number) =>
  sharp({ create: { width, height: 1200, channels: 3, background: '#f4f1ea' } })
    .jpeg()
    .toBuffer();
const POEM_BY_WIDTH: Record<number, StubPoem> = { 800: LANTERN, 900: ORCHARD, 1200: ORCHARD };

/** The width of the page image in an OpenAI request. */
async function widthOfRequest(body: any): Promise<number> {
  const parts = body?.messages?.find((m: any) => m.role === 'user')?.content ?? [];
  const url: string = parts.find((p: any) => p.type === 'image_url')?.image_url?.url ?? '';
  const { width = 0 } = await sharp(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')).metadata();
  return width;
}

describe.each(scenarioTarget())('scans read the page kept at upload (%s)', (target) => {
  let stub: OpenAiStub;
  let t: TestApp;
  let agent: TestAgent;
  let uploaded: Buffer;
  let other: Buffer;
  const widthsRead: number[] = [];

  beforeAll(async () => {
    stub = await startOpenAiStub(async ({ body }) => {
      const width = await widthOfRequest(body);
      widthsRead.push(width);
      const poem = POEM_BY_WIDTH[width];
      return { status: 200, body: completion({ page_number: 12, begins_mid_poem: false, ends_short: false, poems: poem ? [poem] : [] }) };
    });
    t = await startTestApp(target, { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl, SCAN_JOB_ATTEMPTS: '1' } });
    ({ agent } = await staffAgent(t));
    [uploaded, other] = await Promise.all([page(800), page(900)]);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  /** The files an upload or import keeps, by name, in its folder of the page store. */
  const folderOf = (pubId: number) => {
    const dir = join(t.config.pageStoreDir, 'publications', String(pubId));
    const [job] = existsSync(dir) ? readdirSync(dir) : [];
    return job ? join(dir, job) : dir;
  };
  const filesOf = (pubId: number) => (existsSync(folderOf(pubId)) ? readdirSync(folderOf(pubId)).sort() : []);
  const titles = async (pubId: number) =>
    ((await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{ title: string }>).map((p) => p.title);
  const upload = (pubId: number) =>
    agent.post(`/api/publications/${pubId}/batch_upload_pages/`).attach('page_0', uploaded, 'p.jpg').expect(200);
  const reprocess = (pubId: number) => agent.post(`/api/publications/${pubId}/reprocess/`).expect(200);
  /** An upload of `uploaded`, its stored photo then swapped for `other`. */
  const uploadedThenSwapped = async (title: string) => {
    const pubId = await createPublication(agent, title);
    expect((await upload(pubId)).body).toMatchObject({ extracted_poems: 1 });
    expect(filesOf(pubId)).toEqual(['page-0.jpg', 'page-0.reading.jpg']);
    writeFileSync(join(folderOf(pubId), 'page-0.jpg'), other);
    return pubId;
  };

  it('reads an uploaded page from its reading copy, never from the photo again', async () => {
    const pubId = await uploadedThenSwapped('Read from the copy');
    const copy = await sharp(join(folderOf(pubId), 'page-0.reading.jpg')).metadata();
    expect([copy.format, copy.width, copy.height]).toEqual(['jpeg', 800, 1200]);

    widthsRead.length = 0;
    // The copy holds the page uploaded: its poem is already there.
    expect((await reprocess(pubId)).body).toMatchObject({ extracted_poems: 0, duplicates_ignored: 1 });
    expect(widthsRead).toEqual([800]);
    expect(await titles(pubId)).toEqual([LANTERN.title]);
  });

  it('reads a page whose copy is missing from its photo', async () => {
    const pubId = await uploadedThenSwapped('Copy lost');
    rmSync(join(folderOf(pubId), 'page-0.reading.jpg'));
    widthsRead.length = 0;
    expect((await reprocess(pubId)).body).toMatchObject({ extracted_poems: 1, poems: [expect.objectContaining({ title: ORCHARD.title })] });
    expect(widthsRead).toEqual([900]);
  });

  it('reads a page the curator turned from its photo, turned', async () => {
    const pubId = await uploadedThenSwapped('Turned');
    const [{ id: poemId }] = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{ id: number }>;
    const [{ id: pageId }] = (await agent.get(`/api/poems/${poemId}/pages/`).expect(200)).body as Array<{ id: number }>;
    await agent.put(`/api/scan_pages/${pageId}/rotation/`).send({ rotation: 90 }).expect(200);
    widthsRead.length = 0;
    expect((await reprocess(pubId)).body).toMatchObject({ extracted_poems: 1 });
    expect(widthsRead).toEqual([1200]);
  });

  it('reads a whole-book import from the copies kept with its photos, a file sent again taking its old copy along', async () => {
    const pubId = await createPublication(agent, 'Imported whole');
    const { id: importId } = (await agent.post(`/api/publications/${pubId}/book_imports/`).expect(201)).body as {
      id: number;
    };
    const send = () =>
      agent
        .post(`/api/book_imports/${importId}/files/`)
        .field('position', '0')
        .attach('file', uploaded, { filename: 'p.jpg', contentType: 'image/jpeg' })
        .expect(201);
    await send();
    const first = filesOf(pubId);
    expect(first).toEqual([expect.stringMatching(/^page-\d+\.jpg$/), expect.stringMatching(/^page-\d+\.reading\.jpg$/)]);
    // Sent again, the file's new photo and copy take the place of the old ones.
    await send();
    const second = filesOf(pubId);
    expect(second).toHaveLength(2);
    expect(second.filter((f) => first.includes(f))).toEqual([]);

    writeFileSync(
      join(
        folderOf(pubId),
        second.find((f) => !f.includes('.reading.'))!,
      ),
      other,
    );
    widthsRead.length = 0;
    await agent.post(`/api/book_imports/${importId}/start/`).expect(202);
    await expect
      .poll(async () => (await agent.get(`/api/book_imports/${importId}/`).expect(200)).body.state, { timeout: 60_000 })
      .toBe('finished');
    expect(widthsRead).toEqual([800]);
    expect(await titles(pubId)).toEqual([LANTERN.title]);
  });
});
