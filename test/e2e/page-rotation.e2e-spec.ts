/**
 * A page photographed sideways is turned in quarter turns by the curator: the turn is kept for the
 * photo and listed with it, bad values change nothing, the stored photo stays as uploaded, and
 * Reprocess reads the photo turned. The OpenAI stub reads a page only when it stands upright (taller
 * than wide, its dark heading band at the top), as a model reads sideways print poorly.
 */
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { LANTERN } from '../support/openai-pages.js';
import {
  createPublication,
  csrfAgent,
  scenarioTarget,
  staffAgent,
  startTestApp,
  type TestAgent,
  type TestApp,
  withoutCsrfHeader,
} from '../support/test-app.js';

/** An upright page (800 × 1200, a dark band across its top) photographed turned a quarter left. */
async function sidewaysPhoto(): Promise<Buffer> {
  const band = await sharp({ create: { width: 800, height: 150, channels: 3, background: { r: 30, g: 30, b: 30 } } })
    .png()
    .toBuffer();
  const upright = await sharp({ create: { width: 800, height: 1200, channels: 3, background: { r: 244, g: 241, b: 234 } } })
    .composite([{ input: band, top: 0, left: 0 }])
    .png()
    .toBuffer();
  return sharp(upright).rotate(-90).jpeg().toBuffer();
}

// stats() reads its input, not the pipeline's result: the strip is cut out first.
const mean = async (image: Buffer, region: { left: number; top: number; width: number; height: number }) =>
  (await sharp(await sharp(image).extract(region).greyscale().png().toBuffer()).stats()).channels[0]!.mean;

/** Whether a photo the adapter sent stands upright: portrait, its top darker than its bottom. */
async function upright(dataUrl: string): Promise<boolean> {
  const image = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const { width = 0, height = 0 } = await sharp(image).metadata();
  if (width >= height) return false;
  const strip = Math.floor(height / 10);
  return (
    (await mean(image, { left: 0, top: 0, width, height: strip })) <
    (await mean(image, { left: 0, top: height - strip, width, height: strip })) - 50
  );
}

const imageOf = (body: any): string | undefined =>
  body?.messages?.find((m: any) => m.role === 'user')?.content?.find?.((p: any) => p.type === 'image_url')?.image_url?.url;

describe.each(scenarioTarget())('turning a page photo (%s)', (target) => {
  let stub: OpenAiStub;
  let t: TestApp;
  let agent: TestAgent;
  let photo: Buffer;
  const seen: boolean[] = [];

  beforeAll(async () => {
    stub = await startOpenAiStub(async ({ body }) => {
      const url = imageOf(body);
      const standing = url !== undefined && (await upright(url));
      seen.push(standing);
      const answer = { page_number: 11, begins_mid_poem: false, ends_short: false, poems: standing ? [LANTERN] : [] };
      return { status: 200, body: completion(answer) };
    });
    t = await startTestApp(target, { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl, SCAN_JOB_ATTEMPTS: '1' } });
    ({ agent } = await staffAgent(t));
    photo = await sidewaysPhoto();
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  const rotate = (pageId: number | string, body: unknown) => agent.put(`/api/scan_pages/${pageId}/rotation/`).send(body as object);
  const reprocess = (pubId: number) => agent.post(`/api/publications/${pubId}/reprocess/`).expect(200);
  const poems = async (pubId: number) =>
    (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{ id: number; title: string }>;

  it('reads a sideways page once it is turned upright, and keeps the turn for the photo', async () => {
    const pubId = await createPublication(agent, 'Photographed sideways');
    const upload = await agent.post(`/api/publications/${pubId}/upload_page/`).attach('page', photo, 'sideways.jpg').expect(200);
    // As photographed, the page cannot be read, and Reprocess reads it the same way.
    expect(upload.body).toMatchObject({ extracted_poems: 0 });
    const before = (await reprocess(pubId)).body;
    expect(before).toMatchObject({ extracted_poems: 0 });
    expect(seen.splice(0)).toEqual([false, false]);

    // The page has given no poem yet, so no list shows it: its id is looked up in the database.
    const [page] = await t.app.get(DataSource).query(`SELECT id FROM scan_pages WHERE publication_id = $1`, [pubId]);
    const turned = await rotate(page.id, { rotation: 90 }).expect(200);
    expect(turned.body).toMatchObject({ id: page.id, rotation: 90, url: `/api/scan_pages/${page.id}/image/` });

    // A turn since the last Reprocess is another job (one still running with the old turn is not
    // joined), and reads the page upright this time.
    const after = (await reprocess(pubId)).body;
    expect(after).toMatchObject({ extracted_poems: 1 });
    expect(after.job_id).not.toBe(before.job_id);
    expect(seen.splice(0)).toEqual([true]);
    const [poem] = await poems(pubId);
    expect(poem).toMatchObject({ title: LANTERN.title });

    const listed = (await agent.get(`/api/poems/${poem!.id}/pages/`).expect(200)).body;
    expect(listed).toEqual([expect.objectContaining({ id: page.id, rotation: 90 })]);
    await agent.post(`/api/publications/${pubId}/publish/`).expect(200);
    const printed = (await t.http().get(`/api/poems/${poem!.id}/printed_pages/`).expect(200)).body;
    expect(printed).toEqual([expect.objectContaining({ id: page.id, rotation: 90 })]);

    // The stored photo is the one uploaded, byte for byte.
    const image = await agent
      .get(`/api/scan_pages/${page.id}/image/`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(image.body as Buffer, photo)).toBe(0);

    // The same pages turned the same way are the same job, and nothing is added twice.
    expect((await reprocess(pubId)).body).toMatchObject({ job_id: after.job_id, extracted_poems: 0 });
    // Turned back, the pages key as they did before any turn.
    await rotate(page.id, { rotation: 0 }).expect(200);
    expect((await reprocess(pubId)).body).toMatchObject({ job_id: before.job_id, extracted_poems: 0 });
    expect(await poems(pubId)).toHaveLength(1);
    // A visitor who read the printed pages before is shown the new turn (no stale cached answer).
    const again = (await t.http().get(`/api/poems/${poem!.id}/printed_pages/`).expect(200)).body;
    expect(again).toEqual([expect.objectContaining({ id: page.id, rotation: 0 })]);
  });

  it('refuses a turn that is not a quarter turn, or of no page, and changes nothing', async () => {
    const pubId = await createPublication(agent, 'Turned wrongly');
    const standing = await sharp(photo).rotate(90).jpeg().toBuffer();
    await agent.post(`/api/publications/${pubId}/upload_page/`).attach('page', standing, 'upright.jpg').expect(200);
    const [poem] = await poems(pubId);
    const pages = async () =>
      (await agent.get(`/api/poems/${poem!.id}/pages/`).expect(200)).body as Array<{ id: number; rotation: number }>;
    const [page] = await pages();
    expect(page).toMatchObject({ rotation: 0 });
    await rotate(page!.id, { rotation: 180 }).expect(200);

    for (const body of [
      { rotation: 45 },
      { rotation: 360 },
      { rotation: -90 },
      { rotation: '90' },
      { rotation: null },
      {},
      { rotation: 90.5 },
    ]) {
      const res = await rotate(page!.id, body).expect(400);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(JSON.stringify(res.body.message)).toContain('rotation must be 0, 90, 180 or 270');
    }
    for (const id of [999999, 'abc']) {
      const res = await rotate(id, { rotation: 90 }).expect(404);
      expect(res.body.code).toBe('SCAN.PAGE_NOT_FOUND');
    }
    // Without the CSRF header, or signed out, nothing is turned either.
    await withoutCsrfHeader(t, agent).put(`/api/scan_pages/${page!.id}/rotation/`).send({ rotation: 90 }).expect(403);
    const visitor = await csrfAgent(t);
    await visitor.agent.put(`/api/scan_pages/${page!.id}/rotation/`).send({ rotation: 90 }).expect(401);

    expect(await pages()).toEqual([expect.objectContaining({ id: page!.id, rotation: 180 })]);
  });
});
