/**
 * Scanning the same pages again adds nothing already in the publication, whichever run found it:
 * the same photos uploaded twice (one page photographed twice in the batch), and Reprocess over
 * them. Pages whose scan failed are reported as unscanned until Reprocess reads them. The OpenAI
 * adapter talks to a stub on 127.0.0.1 that answers each page of a batch with its poem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { dbTargets, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';
import { createPublication } from '../support/worker-process/scan-helpers.js';
import { LANTERN, ORCHARD, pagePhotos, pagesReply } from '../support/openai-pages.js';

describe.each(dbTargets())('rescanning pages (%s)', (target) => {
  let stub: OpenAiStub;
  let tooLarge = false;
  let t: TestApp;
  let agent: TestAgent;
  let token: string;
  let photos: Buffer[];

  beforeAll(async () => {
    // The third photo is the first page taken again: its poem is a duplicate within the batch.
    const pages = pagesReply([LANTERN, ORCHARD, LANTERN]);
    stub = await startOpenAiStub((request) => (tooLarge ? { status: 413, body: { error: { message: 'Request too large' } } } : pages(request)));
    t = await startTestApp(target, { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl, SCAN_JOB_ATTEMPTS: '1' } });
    ({ agent, token } = await staffAgent(t));
    photos = await pagePhotos(3);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  const upload = (pubId: number) => {
    const req = agent.post(`/api/publications/${pubId}/batch_upload_pages/`).set('X-CSRFToken', token);
    photos.forEach((photo, i) => req.attach(`page_${i}`, photo, `p${i}.jpg`));
    return req;
  };
  const titles = async (pubId: number) => ((await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{ title: string }>).map((p) => p.title);
  const reprocess = (pubId: number) => agent.post(`/api/publications/${pubId}/reprocess/`).set('X-CSRFToken', token);

  it('the same photos uploaded again add no poem, not even one the first run found twice', async () => {
    const pubId = await createPublication(agent, token, 'Uploaded twice');
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
    const pubId = await createPublication(agent, token, 'Scan failed');
    tooLarge = true;
    try {
      const failed = await upload(pubId).expect(413);
      expect(failed.body.code).toBe('EXTRACTION.AI_PAYLOAD_TOO_LARGE');
    } finally {
      tooLarge = false;
    }
    expect(await titles(pubId)).toEqual([]);
    expect((await agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body).toEqual({ unscanned: 3, waiting: 0 });

    expect((await reprocess(pubId).expect(200)).body).toMatchObject({ extracted_poems: 2, duplicates_ignored: 1 });
    expect(await titles(pubId)).toEqual([LANTERN.title, ORCHARD.title]);
    expect((await agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body).toEqual({ unscanned: 0, waiting: 0 });
    expect((await reprocess(pubId).expect(200)).body).toMatchObject({ extracted_poems: 0 });
    expect(await titles(pubId)).toEqual([LANTERN.title, ORCHARD.title]);
  });

  it('answers 404 for the unscanned pages of a publication that does not exist', async () => {
    const res = await agent.get('/api/publications/999999/unscanned_pages/').expect(404);
    expect(res.body.code).toBe('CATALOG.PUBLICATION_NOT_FOUND');
  });
});
