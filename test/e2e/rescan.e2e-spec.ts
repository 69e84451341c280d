/**
 * Scanning the same pages again adds nothing already in the publication, whichever run found it:
 * the same photos uploaded twice (one page photographed twice in the batch), and Reprocess over
 * them. Pages whose scan failed are reported as unscanned until Reprocess reads them. The OpenAI
 * adapter talks to a stub on 127.0.0.1 that answers each page of a batch with its poem.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { createPublication, scenarioTarget, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';
import { LANTERN, ORCHARD, pageOfRequest, pagePhotos, pagesReply } from '../support/openai-pages.js';

describe.each(scenarioTarget())('rescanning pages (%s)', (target) => {
  let stub: OpenAiStub;
  let tooLarge = false;
  let t: TestApp;
  let agent: TestAgent;
  let photos: Buffer[];

  beforeAll(async () => {
    // The third photo is the first page taken again: its poem is a duplicate within the batch.
    const pages = pagesReply([LANTERN, ORCHARD, LANTERN]);
    stub = await startOpenAiStub((request) =>
      tooLarge ? { status: 413, body: { error: { message: 'Request too large' } } } : pages(request),
    );
    t = await startTestApp(target, { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl, SCAN_JOB_ATTEMPTS: '1' } });
    ({ agent } = await staffAgent(t));
    photos = await pagePhotos(3);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  const upload = (pubId: number) => {
    const req = agent.post(`/api/publications/${pubId}/batch_upload_pages/`);
    photos.forEach((photo, i) => req.attach(`page_${i}`, photo, `p${i}.jpg`));
    return req;
  };
  const titles = async (pubId: number) =>
    ((await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{ title: string }>).map((p) => p.title);
  const reprocess = (pubId: number) => agent.post(`/api/publications/${pubId}/reprocess/`);

  it('the same photos uploaded again add no poem, not even one the first run found twice', async () => {
    const pubId = await createPublication(agent, 'Uploaded twice');
    const first = (await upload(pubId).expect(200)).body;
    expect(first).toMatchObject({ extracted_poems: 2, duplicates_ignored: 1 });
    expect(first.duplicates[0]).toMatchObject({ title: LANTERN.title, matched_in: 'batch' });

    const second = (await upload(pubId).expect(200)).body;
    expect(second).toMatchObject({ job_id: first.job_id, extracted_poems: 0, duplicates_ignored: 3, poems: [] });
    expect(await titles(pubId)).toEqual([LANTERN.title, ORCHARD.title]);

    expect((await reprocess(pubId).expect(200)).body).toMatchObject({ extracted_poems: 0, duplicates_ignored: 3 });
    expect(await titles(pubId)).toEqual([LANTERN.title, ORCHARD.title]);
  });

  it('reports the pages of a failed scan as unscanned until Reprocess reads them, once', async () => {
    const pubId = await createPublication(agent, 'Scan failed');
    tooLarge = true;
    try {
      const failed = await upload(pubId).expect(413);
      expect(failed.body.code).toBe('EXTRACTION.AI_PAYLOAD_TOO_LARGE');
    } finally {
      tooLarge = false;
    }
    expect(await titles(pubId)).toEqual([]);
    expect((await agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body).toEqual({
      unscanned: 3,
      waiting: 0,
      not_started: 0,
    });

    expect((await reprocess(pubId).expect(200)).body).toMatchObject({ extracted_poems: 2, duplicates_ignored: 1 });
    expect(await titles(pubId)).toEqual([LANTERN.title, ORCHARD.title]);
    expect((await agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body).toEqual({
      unscanned: 0,
      waiting: 0,
      not_started: 0,
    });
    expect((await reprocess(pubId).expect(200)).body).toMatchObject({ extracted_poems: 0 });
    expect(await titles(pubId)).toEqual([LANTERN.title, ORCHARD.title]);
  });

  it('answers 404 for the unscanned pages of a publication that does not exist', async () => {
    const res = await agent.get('/api/publications/999999/unscanned_pages/').expect(404);
    expect(res.body.code).toBe('CATALOG.PUBLICATION_NOT_FOUND');
  });
});

/**
 * A poem that runs over three pages, between two that fit a page: the book's photos scanned
 * together, then sent again one photo per upload. Each single page then holds only a piece of the
 * long poem (its titled beginning, lines from its middle, its end), and none may be added again.
 * The stub knows each photo by its bytes, as a model reads what is on it.
 */
const RIVER = [
  'The river keeps the names we gave',
  'to every stone along its bed,',
  'and carries down from wave to wave',
  'the little that the dead have said.',
  'It does not stop to hear us call,',
  'it does not answer, does not wait;',
  'it takes the summer, takes the fall,',
  'and leaves the evening at the gate.',
  'We follow it a little way',
  'and turn, and no one sees us go;',
  'the river has no more to say',
  'than all the rivers ever know.',
];
const RUN_OVER_PAGES = [
  {
    page_number: 21,
    begins_mid_poem: false,
    ends_short: false,
    poems: [LANTERN, { title: 'The River', body: RIVER.slice(0, 4).join('\n') }],
  },
  { page_number: 22, begins_mid_poem: true, ends_short: false, poems: [{ title: '', body: RIVER.slice(4, 8).join('\n') }] },
  { page_number: 23, begins_mid_poem: true, ends_short: false, poems: [{ title: '', body: RIVER.slice(8).join('\n') }, ORCHARD] },
];

describe.each(scenarioTarget())('rescanning a book one photo per upload (%s)', (target) => {
  let stub: OpenAiStub;
  let t: TestApp;
  let agent: TestAgent;
  let photos: Buffer[];
  /** Each photo's page, learnt from the first scan, which sends the book in page order. */
  const pageOfPhoto = new Map<string, number>();

  beforeAll(async () => {
    stub = await startOpenAiStub(({ body }) => {
      const image = JSON.stringify(body?.messages?.find((m: any) => m.role === 'user')?.content?.find((p: any) => p.type === 'image_url'));
      const key = createHash('sha256').update(image).digest('hex');
      if (!pageOfPhoto.has(key)) pageOfPhoto.set(key, pageOfRequest(body)!);
      return { status: 200, body: completion(RUN_OVER_PAGES[pageOfPhoto.get(key)! - 1]) };
    });
    t = await startTestApp(target, { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl } });
    ({ agent } = await staffAgent(t));
    photos = await pagePhotos(3);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  const upload = (pubId: number, images: Buffer[]) => {
    const req = agent.post(`/api/publications/${pubId}/batch_upload_pages/`);
    images.forEach((photo, i) => req.attach(`page_${i}`, photo, `p${i}.jpg`));
    return req;
  };
  const poemsOf = async (pubId: number) =>
    (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{ title: string; body: string }>;

  it('adds nothing when the same photos come again one per upload, each page a piece of a poem already held', async () => {
    const pubId = await createPublication(agent, 'Sent again page by page');
    expect((await upload(pubId, photos).expect(200)).body).toMatchObject({ extracted_poems: 3, duplicates_ignored: 0 });
    const before = await poemsOf(pubId);
    expect(before.map((p) => p.title)).toEqual([LANTERN.title, 'The River', ORCHARD.title]);
    expect(before[1]!.body.split('\n').filter((l) => l.trim())).toEqual(RIVER);

    for (const [i, photo] of photos.entries()) {
      const again = (await upload(pubId, [photo]).expect(200)).body;
      expect(again.extracted_poems, `page ${i + 1} alone`).toBe(0);
      expect(again.poems, `page ${i + 1} alone`).toEqual([]);
      expect(again.duplicates_ignored, `page ${i + 1} alone`).toBeGreaterThan(0);
    }
    expect(await poemsOf(pubId)).toEqual(before);
  });
});
