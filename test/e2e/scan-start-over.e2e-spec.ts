/**
 * Start Over's clear_poems with the session's scan job ids, on both databases: the page photos
 * those scans stored go with the poems, so reprocess cannot read them back in; a photo that shows
 * only poems the publication keeps stays; ids that are not this publication's uploads are refused
 * and nothing is removed. Pages are read by the OpenAI adapter from a stub answering what a test
 * sets, so each page's poems are exactly known.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poem } from '../../contracts/catalog.js';
import type { ScanResult } from '../../contracts/scanning.js';
import { completion, startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { createPublication, scenarioTarget, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

interface PageAnswer {
  page_number: number;
  begins_mid_poem?: boolean;
  poems: Array<{ title: string; body: string }>;
}

describe.each(scenarioTarget())('Start Over discards the scans of a session on %s', (target) => {
  let stub: OpenAiStub;
  /** What the stub reads on the next page it is sent. */
  let answer: PageAnswer;
  let t: TestApp;
  let agent: TestAgent;
  let shade = 0;

  beforeAll(async () => {
    stub = await startOpenAiStub(() => ({ status: 200, body: completion({ begins_mid_poem: false, ends_short: false, ...answer }) }));
    t = await startTestApp(target, { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl } });
    ({ agent } = await staffAgent(t));
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  /** A photo no other test sends (its bytes make its scan's job id; a plain colour a shade apart may encode the same). */
  const newPhoto = () =>
    sharp({ create: { width: 600 + ++shade, height: 900, channels: 3, background: '#f4f1ea' } })
      .jpeg()
      .toBuffer();

  async function scan(publicationId: number, photo: Buffer, page: PageAnswer): Promise<ScanResult> {
    answer = page;
    const res = await agent.post(`/api/publications/${publicationId}/batch_upload_pages/`).attach('page_0', photo, 'p.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  const clear = (publicationId: number, body: object) => agent.post(`/api/publications/${publicationId}/clear_poems/`).send(body);
  const titles = async (publicationId: number) =>
    ((await agent.get(`/api/publications/${publicationId}/poems/?admin=true`).expect(200)).body as Poem[]).map((p) => p.title);
  const photoUrls = async (poemId: number) =>
    ((await agent.get(`/api/poems/${poemId}/pages/`).expect(200)).body as Array<{ url: string }>).map((p) => p.url);
  const jobDir = (publicationId: number, jobId: string) => join(t.config.pageStoreDir, 'publications', String(publicationId), jobId);
  const reprocess = (publicationId: number) => agent.post(`/api/publications/${publicationId}/reprocess/`);

  it("removes the session's poems and the page photos its scans stored; reprocess reads only the pages kept", async () => {
    const id = await createPublication(agent, 'Started Over');
    const kept = await scan(id, await newPhoto(), { page_number: 3, poems: [{ title: 'Kept Poem', body: 'stays\nin the book' }] });
    const session = await scan(id, await newPhoto(), {
      page_number: 4,
      poems: [
        { title: 'First Try', body: 'a misread\npage' },
        { title: 'Second Try', body: 'another\nmisreading' },
      ],
    });
    const discardedPhoto = (await photoUrls(session.poems[0].id))[0];
    expect(existsSync(jobDir(id, session.job_id))).toBe(true);

    const res = await clear(id, { poem_ids: session.poems.map((p) => p.id), job_ids: [session.job_id] }).expect(200);
    expect(res.body).toEqual({ deleted_poems: 2 });
    expect(await titles(id)).toEqual(['Kept Poem']);
    expect(existsSync(jobDir(id, session.job_id))).toBe(false);
    await agent.get(discardedPhoto).expect(404);
    for (const url of await photoUrls(kept.poems[0].id)) await agent.get(url).expect(200);

    answer = { page_number: 3, poems: [{ title: 'Kept Poem', body: 'stays\nin the book' }] };
    const again = await reprocess(id).expect(200);
    expect(again.body).toMatchObject({ pages_total: 1, extracted_poems: 0 });
    expect(await titles(id)).toEqual(['Kept Poem']);
  });

  it('keeps a photo that shows only poems the publication keeps, and a repeated Start Over removes nothing more', async () => {
    const id = await createPublication(agent, 'Photographed Twice');
    const photo = await newPhoto();
    const page = { page_number: 8, poems: [{ title: 'Already Here', body: 'scanned\nbefore' }] };
    const first = await scan(id, photo, page);
    // The same photo again is the same job: its poem is reported as already there, not as this session's.
    const repeat = await scan(id, photo, page);
    expect(repeat).toMatchObject({ job_id: first.job_id, poems: [] });

    expect((await clear(id, { poem_ids: [], job_ids: [repeat.job_id] }).expect(200)).body).toEqual({ deleted_poems: 0 });
    expect(await titles(id)).toEqual(['Already Here']);
    for (const url of await photoUrls(first.poems[0].id)) await agent.get(url).expect(200);

    await clear(id, { poem_ids: [first.poems[0].id], job_ids: [first.job_id] }).expect(200);
    // A retry (say after a lost answer) finds nothing left and succeeds.
    expect((await clear(id, { poem_ids: [], job_ids: [first.job_id] }).expect(200)).body).toEqual({ deleted_poems: 0 });
    const none = await reprocess(id).expect(409);
    expect(none.body.code).toBe('SCAN.NO_STORED_PAGES');
  });

  it('removes a photo that ran an earlier poem on when it also gave a discarded poem; the earlier poem keeps its own page', async () => {
    const id = await createPublication(agent, 'Run On');
    const before = await scan(id, await newPhoto(), { page_number: 10, poems: [{ title: 'Long Poem', body: 'it begins\nand goes on' }] });
    const session = await scan(id, await newPhoto(), {
      page_number: 11,
      begins_mid_poem: true,
      poems: [
        { title: '', body: 'and ends\nhere' },
        { title: 'Short Poem', body: 'new on\nthis page' },
      ],
    });
    expect(session.continued.map((p) => p.title)).toEqual(['Long Poem']);
    expect(await photoUrls(before.poems[0].id)).toHaveLength(2);

    await clear(id, { poem_ids: session.poems.map((p) => p.id), job_ids: [session.job_id] }).expect(200);
    expect(await titles(id)).toEqual(['Long Poem']);
    expect(await photoUrls(before.poems[0].id)).toHaveLength(1);
    answer = { page_number: 10, poems: [{ title: 'Long Poem', body: 'it begins\nand goes on' }] };
    expect((await reprocess(id).expect(200)).body).toMatchObject({ pages_total: 1, extracted_poems: 0 });
  });

  it.each([
    ["another publication's scan", 'foreign', 409, 'SCAN.JOBS_NOT_IN_PUBLICATION', /not of this publication; nothing was removed/],
    ["its own scan beside another's", 'mixed', 409, 'SCAN.JOBS_NOT_IN_PUBLICATION', /not of this publication/],
    ['a reprocess job, which stored no pages', 'reprocess', 400, 'SCAN.NOT_AN_UPLOAD', /Not the id of a page upload's scan/],
    ['an id that is no scan at all', 'garbage', 400, 'SCAN.NOT_AN_UPLOAD', /Not the id of a page upload's scan/],
    ['a scan twice', 'twice', 400, undefined, /each scan once/],
    ['job ids that are not a list', 'scalar', 400, undefined, /job_ids must be a list/],
    ['job ids that are not text', 'numbers', 400, undefined, /must be text/],
    ['a poem of another publication with its own scan', 'foreignPoem', 409, 'CATALOG.POEMS_NOT_IN_PUBLICATION', /nothing was removed/],
  ])('refuses %s, removing neither poems nor photos', async (_name, kind, status, code, message) => {
    const id = await createPublication(agent, `Refusing ${kind}`);
    const other = await createPublication(agent, `Not yours ${kind}`);
    const mine = await scan(id, await newPhoto(), { page_number: 1, poems: [{ title: 'Mine', body: 'my\npoem' }] });
    const theirs = await scan(other, await newPhoto(), { page_number: 1, poems: [{ title: 'Theirs', body: 'their\npoem' }] });
    const poemIds = [mine.poems[0].id];
    const bodies: Record<string, object> = {
      foreign: { poem_ids: poemIds, job_ids: [theirs.job_id] },
      mixed: { poem_ids: poemIds, job_ids: [mine.job_id, theirs.job_id] },
      reprocess: { poem_ids: poemIds, job_ids: [`reprocess-${id}-${'ab'.repeat(12)}`] },
      garbage: { poem_ids: poemIds, job_ids: ['../../etc'] },
      twice: { poem_ids: poemIds, job_ids: [mine.job_id, mine.job_id] },
      scalar: { poem_ids: poemIds, job_ids: mine.job_id },
      numbers: { poem_ids: poemIds, job_ids: [7] },
      foreignPoem: { poem_ids: [...poemIds, theirs.poems[0].id], job_ids: [mine.job_id] },
    };
    const res = await clear(id, bodies[kind]);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status, ...(code ? { code } : {}) });
    expect(String(res.body.message)).toMatch(message);
    expect(await titles(id)).toEqual(['Mine']);
    expect(await titles(other)).toEqual(['Theirs']);
    expect(existsSync(jobDir(id, mine.job_id))).toBe(true);
    expect(existsSync(jobDir(other, theirs.job_id))).toBe(true);
    for (const url of [...(await photoUrls(mine.poems[0].id)), ...(await photoUrls(theirs.poems[0].id))]) await agent.get(url).expect(200);
  });
});
