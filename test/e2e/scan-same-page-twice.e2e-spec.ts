/**
 * A curator re-shoots a page and sends both photos: A Garland of Verse from the shared extraction
 * set (its last page, which opens with The Tyger's title, photographed twice), uploaded through
 * the API with the offline extractor, the second photo in the same batch as its pages or in a
 * batch of its own. Either way every poem is there once, with its title and page numbers, and the
 * second photo's poem is skipped as a duplicate.
 */
import { fileURLToPath } from 'node:url';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSet, scoreBook, type SetBook } from '../support/extraction-set/set.mjs';
import { createPublication, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';
import { rememberReadings } from '../support/remembered-readings.js';

const SET = fileURLToPath(new URL('../fixtures/extraction-set/', import.meta.url));

describe('the same page photographed twice', () => {
  let t: TestApp;
  let agent: TestAgent;
  let book: SetBook;

  const upload = (id: number, photos: Array<{ name: string; data: Buffer }>) => {
    const req: Test = agent.post(`/api/publications/${id}/batch_upload_pages/`);
    photos.forEach((p, i) => req.attach(`page_${i}`, p.data, { filename: p.name, contentType: 'image/jpeg' }));
    return req.expect(200);
  };
  const poemsOf = async (id: number) =>
    (await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body as Array<{
      title: string;
      body: string;
      page_numbers: number[];
    }>;

  beforeAll(async () => {
    book = readSet(SET).find((b) => b.name === 'a-garland-of-verse')!;
    t = await startTestApp('pglite');
    // The second test scans the first's pages again: they are read once.
    rememberReadings(t.app);
    ({ agent } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  it('in the same batch as its pages: every poem once, with its title and pages, and the second photo skipped', async () => {
    const id = await createPublication(agent, 'A Garland of Verse, one batch');
    const res = await upload(id, [...book.pages, book.duplicate!]);
    const poems = await poemsOf(id);
    const score = scoreBook(book, { poems, duplicatesIgnored: res.body.duplicates_ignored });
    expect(score.counts.missed).toEqual([]);
    expect(score.counts.extra).toBe(0);
    expect(poems.map((p) => p.title)).toEqual(book.poems.map((p) => p.title));
    expect(poems.map((p) => p.page_numbers)).toEqual(book.poems.map((p) => p.page_numbers));
    expect(score.duplicates).toMatchObject({ right: 1, of: 1 });
    expect(res.body.duplicates.map((d: { title: string }) => d.title)).toEqual(['The Tyger']);
  });

  it('in a batch of its own after its pages: nothing added, its poem reported as already there', async () => {
    const id = await createPublication(agent, 'A Garland of Verse, two batches');
    await upload(id, book.pages);
    const again = await upload(id, [book.duplicate!]);
    const poems = await poemsOf(id);
    const score = scoreBook(book, { poems, duplicatesIgnored: again.body.duplicates_ignored });
    expect(again.body.extracted_poems).toBe(0);
    expect(score.counts.missed).toEqual([]);
    expect(score.counts.extra).toBe(0);
    expect(poems.map((p) => p.title)).toEqual(book.poems.map((p) => p.title));
    expect(score.duplicates).toMatchObject({ right: 1, of: 1 });
  });
});
