/**
 * One book of the shared extraction set (Mountain Interval: running heads with the folio in the
 * outer corner, a poem running over a page, a re-photographed page, cover, title and copyright
 * photos), uploaded through the API with the offline extractor as a curator would, and held to
 * floors in the set's own measures (test/support/extraction-set). Timings are the benchmark's
 * business (npm run bench:scan), not this test's.
 */
import { fileURLToPath } from 'node:url';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rates } from '../support/extraction-set/score.mjs';
import { readSet, scoreBook, type SetBook } from '../support/extraction-set/set.mjs';
import { createPublication, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';
import type { PublicationFields } from '../../contracts/catalog.js';

const SET = fileURLToPath(new URL('../fixtures/extraction-set/', import.meta.url));

describe('a book of the shared extraction set, uploaded through the API', () => {
  let t: TestApp;
  let agent: TestAgent;
  let book: SetBook;
  let score: ReturnType<typeof scoreBook>;
  let poems: Array<{ title: string; body: string; page_numbers: number[] }>;
  let metadata: PublicationFields;

  const attach = (req: Test, field: string, photos: Array<{ name: string; data: Buffer }>) => {
    photos.forEach((p, i) => req.attach(`${field}_${i}`, p.data, { filename: p.name, contentType: 'image/jpeg' }));
    return req;
  };

  beforeAll(async () => {
    [book] = readSet(SET);
    t = await startTestApp('pglite');
    ({ agent } = await staffAgent(t));
    const id = await createPublication(agent, 'Mountain Interval');
    await attach(agent.post(`/api/publications/${id}/batch_upload_pages/`), 'page', book.pages).expect(200);
    const again = await attach(agent.post(`/api/publications/${id}/batch_upload_pages/`), 'page', [book.duplicate!]).expect(200);
    poems = (await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body;
    metadata = (await attach(agent.post('/api/ai_extraction/extract_metadata/'), 'image', book.metadata!.photos).expect(200)).body.metadata;
    score = scoreBook(book, { poems, duplicatesIgnored: again.body.duplicates_ignored, metadata });
  });
  afterAll(async () => t?.close());

  it('finds every poem and nothing else, with its printed title and page numbers', () => {
    expect(score.counts.missed).toEqual([]);
    expect(score.counts.extra).toBe(0);
    expect(score.counts.titles).toBe(book.poems.length);
    expect(score.counts.pages).toBe(book.poems.length);
    // Titles printed in capitals come out in their natural case.
    expect(poems.map((p) => p.title)).toEqual(book.poems.map((p) => p.title));
  });

  it('keeps the text, lines, stanza breaks and indentation at the goals of the set', () => {
    const r = rates(score.counts);
    expect(r.cer).toBeLessThanOrEqual(0.01);
    expect(r.lines).toBeGreaterThanOrEqual(0.98);
    expect(r.breaks).toBeGreaterThanOrEqual(0.95);
    expect(r.indentation).toBeGreaterThanOrEqual(0.95);
  });

  it('never lets a running head or a folio into a poem', () => {
    for (const poem of poems) {
      expect(poem.body).not.toMatch(/MOUNTAIN INTERVAL/i);
      expect(poem.body.split('\n').some((l) => /^\s*\d+\s*$/.test(l))).toBe(false);
    }
  });

  it('skips the re-photographed page as duplicates of the poems already there', () => {
    expect(score.duplicates).toMatchObject({ right: 1, of: 1 });
  });

  it('reads title, author, publisher, year and ISBN from the cover, title and copyright photos, and proposes their language', () => {
    expect(score.metadata.fields).toEqual({ title: true, author: true, publisher: true, year: true, isbn: true });
    expect(metadata.language).toBe('en');
  });
});
