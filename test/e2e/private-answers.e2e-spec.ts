/**
 * Staff-only and signed-in answers are never stored by a browser or a proxy (Cache-Control:
 * no-store), errors neither; only anonymous public reads carry the shared cache policy.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../contracts/catalog.js';
import { FILE_STORE, type FileStore } from '../../src/media/index.js';
import { ScanPagesRepository } from '../../src/scanning/infrastructure/page-store/scan-pages.repository.js';
import { ADMIN, csrfAgent, dbTargets, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

describe.each(dbTargets())('private answers on %s', (target) => {
  let t: TestApp;
  let staff: TestAgent;
  let pub: Publication;
  let poem: Poem;

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ agent: staff } = await staffAgent(t));
    pub = (await staff.post('/api/publications/').send({ title: 'Private answers' }).expect(201)).body;
    poem = (await staff.post(`/api/publications/${pub.id}/poems/`).send({ title: 'One', body: 'a line' }).expect(201)).body;
  });
  afterAll(async () => t?.close());

  const noStore = (res: { headers: Record<string, string> }) => expect(res.headers['cache-control']).toMatch(/\bno-store\b/);

  it('marks every staff answer no-store: lists, details, the page photos of a poem and the photo itself', async () => {
    const store = t.app.get<FileStore>(FILE_STORE);
    const key = `publications/${pub.id}/private-answers/0.png`;
    // A stored photo is served only as what its bytes are: this one is a PNG.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f4f1ea' } })
      .png()
      .toBuffer();
    await store.put(key, png);
    const [page] = await t.app.get(ScanPagesRepository).savePages([
      {
        publicationId: pub.id,
        jobId: `private-${pub.id}`,
        pageIndex: 0,
        storageKey: key,
        mimeType: 'image/png',
        byteSize: png.length,
        sha256: 'x',
      },
    ]);
    await t.app.get(ScanPagesRepository).linkPoem(poem.id, [Number(page!.id)]);

    const pages = await staff.get(`/api/poems/${poem.id}/pages/`).expect(200);
    expect(pages.body).toHaveLength(1);
    noStore(pages);
    noStore(await staff.get(pages.body[0].url).expect(200));
    for (const path of [
      '/api/publications/?admin=true',
      '/api/publications/trash/',
      `/api/publications/${pub.id}/?admin=true`,
      `/api/publications/${pub.id}/poems/?admin=true`,
      `/api/poems/${poem.id}/?admin=true`,
      '/api/auth/check/',
    ]) {
      const res = await staff.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toMatch(/\bno-store\b/);
    }
  });

  it('marks writes, logins and errors no-store', async () => {
    noStore(await staff.put(`/api/poems/${poem.id}/`).send({ notes: 'n' }).expect(200));
    noStore(await staff.post('/api/publications/').send({ title: '' }).expect(400));
    const { agent } = await csrfAgent(t);
    noStore(await agent.post('/api/auth/login/').send(ADMIN).expect(200));
    noStore(await t.http().get(`/api/poems/${poem.id}/pages/`).expect(401));
    noStore(await t.http().get('/api/publications/999999/').expect(404));
  });

  it('still lets anonymous public reads be cached', async () => {
    await staff.post(`/api/publications/${pub.id}/publish/`).expect(200);
    const res = await t.http().get(`/api/publications/${pub.id}/`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });
});
