/**
 * Proofreading a scanned poem through the API: a page rendered here and read by the offline
 * extractor gives each line its box on the photo and marks the misspelt words; an edit keeps the
 * boxes and drops the marks of the words it changed; "Looks right" clears a mark, the text as it was.
 * And "Proofread this book" opens each curator where they stopped, on both databases.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoemProofreading } from '../../contracts/catalog.js';
import { renderBookPages, sampleBook } from '../support/page-photos/page-photos.mjs';
import {
  createPublication,
  csrfAgent,
  dbTargets,
  staffAgent,
  startTestApp,
  withCsrfToken,
  type TestAgent,
  type TestApp,
} from '../support/test-app.js';

const POEM = {
  title: 'The Lantern',
  body: [
    'A lantern swings above the door,',
    'the lovliest light the harbour knew;',
    'it burned for sailors gone before',
    'and burns, beautifull, for you.',
  ].join('\n'),
};

describe('proofreading a scanned poem', () => {
  let t: TestApp;
  let agent: TestAgent;
  let poemId: number;
  let photo: { width: number; height: number };

  beforeAll(async () => {
    const book = await renderBookPages(sampleBook({ poems: [POEM] }), { maxPages: 1, seed: 3 });
    const image = book.pages[0].image;
    const meta = await sharp(image).metadata();
    photo = { width: meta.width!, height: meta.height! };
    t = await startTestApp('pglite');
    ({ agent } = await staffAgent(t));
    const id = await createPublication(agent, 'Harbour Lights');
    await agent
      .post(`/api/publications/${id}/batch_upload_pages/`)
      .attach('page_0', image, { filename: 'p.jpg', contentType: 'image/jpeg' })
      .expect(200);
    const [poem] = (await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body as Array<{ id: number }>;
    poemId = poem.id;
  });
  afterAll(async () => t?.close());

  const proofreading = async () => (await agent.get(`/api/poems/${poemId}/proofreading/`).expect(200)).body as PoemProofreading;
  const marked = (p: PoemProofreading) => p.lines.flatMap((l) => l.doubts.map((d) => l.text.slice(d.start, d.end)));

  it('gives each line its page, its box inside the photo in reading order, and marks the misspelt words', async () => {
    const read = await proofreading();
    expect(read.status).toBe('as_scanned');
    expect(read.lines.map((l) => l.text.trim())).toEqual(POEM.body.split('\n'));
    for (const line of read.lines) {
      expect(line.scan_page_id).toEqual(expect.any(Number));
      const box = line.box!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(photo.width);
      expect(box.y + box.height).toBeLessThanOrEqual(photo.height);
      // A line of verse: some words wide, one row of type high.
      expect(box.width).toBeGreaterThan(photo.width * 0.2);
      expect(box.height).toBeLessThan(photo.height * 0.05);
    }
    const tops = read.lines.map((l) => l.box!.y);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(marked(read)).toEqual(expect.arrayContaining(['lovliest', 'beautifull,']));
    const lovliest = read.lines[1].doubts.find((d) => read.lines[1].text.slice(d.start, d.end) === 'lovliest')!;
    expect(lovliest.reasons).toContain('unknown_word');
    expect(lovliest.confidence).toBeGreaterThan(0);
    expect(lovliest.confidence).toBeLessThanOrEqual(1);
  });

  it('keeps the boxes through an edit, drops the marks of the words changed, and gives a line typed in none', async () => {
    const before = await proofreading();
    const body = before.lines.map((l) => l.text);
    body[1] = body[1].replace('lovliest', 'loveliest');
    await agent
      .put(`/api/poems/${poemId}/`)
      .send({ body: [...body, 'a line typed in'].join('\n') })
      .expect(200);
    const after = await proofreading();
    expect(after.lines.slice(0, 4).map((l) => l.box)).toEqual(before.lines.map((l) => l.box));
    expect(marked(after)).not.toContain('lovliest');
    expect(marked(after)).not.toContain('loveliest');
    expect(marked(after)).toContain('beautifull,');
    expect(after.lines[4]).toMatchObject({ text: 'a line typed in', box: null, page: null, doubts: [] });
  });

  it('clears a mark that Looks right, the text unchanged, and refuses a place where no word was read', async () => {
    const before = await proofreading();
    const line = before.lines[3];
    const mark = line.doubts.find((d) => line.text.slice(d.start, d.end) === 'beautifull,')!;
    const cleared = (
      await agent
        .post(`/api/poems/${poemId}/proofreading/looks_right/`)
        .send({ line: line.line, ...mark })
        .expect(200)
    ).body as PoemProofreading;
    expect(marked(cleared)).not.toContain('beautifull,');
    expect(cleared.lines.map((l) => l.text)).toEqual(before.lines.map((l) => l.text));
    const refused = await agent
      .post(`/api/poems/${poemId}/proofreading/looks_right/`)
      .send({ line: line.line, start: 0, end: 1 })
      .expect(422);
    expect(refused.body.code).toBe('CATALOG.NO_SUCH_WORD');
    await agent.post(`/api/poems/${poemId}/proofreading/looks_right/`).send({ line: -1, start: 0, end: 'x' }).expect(400);
  });

  it('is for staff only', async () => {
    const { agent: visitor } = await csrfAgent(t);
    await visitor.get(`/api/poems/${poemId}/proofreading/`).expect(401);
    await visitor.post(`/api/poems/${poemId}/proofreading/looks_right/`).send({ line: 0, start: 0, end: 1 }).expect(401);
  });
});

describe.each(dbTargets())('Proofread this book on %s: where each curator stopped', (target) => {
  let t: TestApp;
  let admin: TestAgent;
  let sibling: TestAgent;
  let book: number;
  let poems: number[];

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ agent: admin } = await staffAgent(t));
    await admin.post('/api/curators/').send({ username: 'sibling', password: 'a long family secret' }).expect(201);
    ({ agent: sibling } = await withCsrfToken(t.http()));
    await sibling.post('/api/auth/login/').send({ username: 'sibling', password: 'a long family secret' }).expect(200);
    book = await createPublication(admin, 'The Long Book');
    poems = [];
    for (const title of ['One', 'Two', 'Three']) {
      poems.push(
        (
          await admin
            .post(`/api/publications/${book}/poems/`)
            .send({ title, body: `${title} line` })
            .expect(201)
        ).body.id,
      );
    }
  });
  afterAll(async () => t?.close());

  const place = async (agent: TestAgent, ref: string | number = book) =>
    (await agent.get(`/api/publications/${ref}/proofreading_place/`).expect(200)).body.poem_id as number | null;

  it('opens at the first poem no one has proofread, then where each curator stopped, each their own', async () => {
    await admin.put(`/api/poems/${poems[0]}/status/`).send({ status: 'proofread' }).expect(200);
    expect(await place(admin)).toBe(poems[1]);
    expect(await place(sibling)).toBe(poems[1]);

    await admin.put(`/api/publications/${book}/proofreading_place/`).send({ poem_id: poems[2] }).expect(200, { poem_id: poems[2] });
    expect(await place(admin)).toBe(poems[2]);
    // The other curator's place is theirs.
    expect(await place(sibling)).toBe(poems[1]);
    await sibling.put(`/api/publications/${book}/proofreading_place/`).send({ poem_id: poems[0] }).expect(200);
    expect(await place(sibling)).toBe(poems[0]);
    expect(await place(admin)).toBe(poems[2]);

    // A poem deleted where a curator stopped: the book opens at its first poem not proofread again.
    await admin.delete(`/api/poems/${poems[2]}/`).expect(200);
    expect(await place(admin)).toBe(poems[1]);
  });

  it('refuses a poem of another book, bad input and visitors, keeping the place', async () => {
    const other = await createPublication(admin, 'Another Book');
    const stranger = (await admin.post(`/api/publications/${other}/poems/`).send({ title: 'Elsewhere', body: 'x' }).expect(201)).body.id;
    await admin.put(`/api/publications/${book}/proofreading_place/`).send({ poem_id: poems[1] }).expect(200);
    const refused = await admin.put(`/api/publications/${book}/proofreading_place/`).send({ poem_id: stranger }).expect(404);
    expect(refused.body.code).toBe('CATALOG.POEM_NOT_FOUND');
    for (const body of [{ poem_id: 'x' }, { poem_id: 0 }, {}, { poem_id: poems[1], extra: 1 }]) {
      const bad = await admin.put(`/api/publications/${book}/proofreading_place/`).send(body).expect(400);
      expect(bad.body.error ?? bad.body.message).toBeTruthy();
    }
    expect(await place(admin)).toBe(poems[1]);
    await admin.get('/api/publications/999999/proofreading_place/').expect(404);
    // A book without poems has nowhere to open.
    expect(await place(admin, await createPublication(admin, 'Empty Book'))).toBeNull();
    const { agent: visitor } = await csrfAgent(t);
    await visitor.get(`/api/publications/${book}/proofreading_place/`).expect(401);
    await visitor.put(`/api/publications/${book}/proofreading_place/`).send({ poem_id: poems[0] }).expect(401);
  });
});
