/**
 * A real printed book, not photographs made for the archive: twelve page scans of Moore's Irish
 * Melodies (1821; test/fixtures/real-scans), each uploaded alone to a new publication through the
 * API with the offline extractor, as the real-scans measures define, and held to floors in those
 * measures (test/support/real-scans/score.mjs). The pages hold what real books print: a running
 * head with the folio, titles in capitals on two lines, numbered stanzas, small capitals, alternate
 * indents, turned lines, poems running over page turns. Timings are the benchmark's business
 * (npm run bench:scan), not this test's.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCounts, rates, readRealScans, scorePage, type PageCounts, type RealScanBook } from '../support/real-scans/score.mjs';
import { createPublication, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

const SET = fileURLToPath(new URL('../fixtures/real-scans/', import.meta.url));

type Poem = { title: string; body: string; page_numbers: number[] };

describe('a real printed book, each page scan uploaded alone through the API', () => {
  let t: TestApp;
  let agent: TestAgent;
  let book: RealScanBook;
  const read: Array<{ name: string; poems: Poem[] }> = [];
  let total: PageCounts;

  beforeAll(async () => {
    [book] = readRealScans(SET);
    t = await startTestApp('pglite');
    ({ agent } = await staffAgent(t));
    for (const page of book.pages) {
      const id = await createPublication(agent, `Irish Melodies ${page.name}`);
      await agent
        .post(`/api/publications/${id}/batch_upload_pages/`)
        .attach('page_0', page.data, { filename: page.name, contentType: 'image/png' })
        .expect(200);
      const poems = (await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body as Poem[];
      read.push({ name: page.name, poems });
      const counts = scorePage(page.text, poems);
      total = total ? addCounts(total, counts) : counts;
    }
  });
  afterAll(async () => t?.close());

  it('keeps the text, the verse lines and their indentation at the floors of the real-scans goals', () => {
    const r = rates(total);
    expect(r.cer).toBeLessThanOrEqual(0.02);
    expect(r.lines).toBeGreaterThanOrEqual(0.95);
    expect(r.indentation).toBeGreaterThanOrEqual(0.9);
  });

  it('never lets the running head or a folio into a poem, and numbers each poem with its printed page', () => {
    let numbered = 0;
    for (const { name, poems } of read) {
      const printed = Number(/p0*(\d+)\.png/.exec(name)![1]);
      for (const poem of poems) {
        expect(`${poem.title}\n${poem.body}`).not.toMatch(/IRISH MELODIES/i);
        expect(poem.body.split('\n').some((l) => /^\s*\d+\s*$/.test(l))).toBe(false);
        // A folio the recogniser does not see leaves the page unnumbered, never misnumbered.
        expect([[], [printed]]).toContainEqual(poem.page_numbers);
      }
      if (poems.every((p) => p.page_numbers[0] === printed)) numbered++;
    }
    // One page's folio ("30", in heavy type in the corner) is not read at all.
    expect(numbered).toBeGreaterThanOrEqual(book.pages.length - 1);
  });

  it('keeps a poem with numbered stanzas whole under its title, numerals as printed', () => {
    const [poem] = read.find((p) => p.name === 'p038.png')!.poems;
    expect(poem.title).toBe('Eveleen’s Bower.');
    expect(poem.body.split('\n').filter((l) => /^[IVX]+\.$/.test(l.trim()))).toEqual(['I.', 'II.']);
    // A name in small capitals reads as printed, not in capitals.
    expect(poem.body).toContain('When to Eveleen’s bower');
    expect(poem.body).not.toMatch(/EVELEEN/);
  });
});
