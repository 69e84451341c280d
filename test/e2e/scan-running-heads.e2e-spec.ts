/**
 * Running heads that name the book, printed on some pages only: a poem running from a page that
 * prints no head (it opens a poem, as many books print such a page) onto a page headed with the
 * book's title in the text's own type. The head repeats no other page's, so only what it says
 * marks it. Uploaded through the API with the offline extractor into a publication with that title.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poemSimilarity } from '../../src/scanning/domain/duplicates/poem-similarity.js';
import { renderBookPages, sampleBook, SAMPLE_METADATA, type RenderedBook } from '../support/page-photos/page-photos.mjs';
import { createPublication, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

describe('a running head naming the book on one page only', () => {
  let t: TestApp;
  let agent: TestAgent;
  let book: RenderedBook;

  beforeAll(async () => {
    // Pages 10 and 11: page 10 opens poems and prints no head; page 11 (a recto) is headed with
    // the book's title and goes on with the poem page 10 ends in.
    book = await renderBookPages(sampleBook({ firstPageNumber: 10 }), { maxPages: 2, plainHeads: true, headlessOpenings: true });
    t = await startTestApp('pglite');
    ({ agent } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  it('keeps the poem running onto the page headed with the book’s title as one poem with both pages’ lines', async () => {
    const runningOver = book.poems.find((p) => p.page_numbers.length === 2);
    expect(runningOver?.page_numbers).toEqual([10, 11]);
    const id = await createPublication(agent, SAMPLE_METADATA.title);
    const req = agent.post(`/api/publications/${id}/batch_upload_pages/`);
    book.pages.forEach((p, i) => req.attach(`page_${i}`, p.image, { filename: `page-${p.pageNumber}.jpg`, contentType: 'image/jpeg' }));
    await req.expect(200);

    const listed = (await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body as Array<{
      title: string;
      body: string;
      page_numbers: number[];
    }>;
    expect(listed.map((p) => p.title)).not.toContain(SAMPLE_METADATA.title);
    expect(listed.map((p) => [p.title, p.page_numbers])).toEqual(book.poems.map((p) => [p.title, p.page_numbers]));
    const read = listed.find((p) => p.title === runningOver!.title)!;
    expect(poemSimilarity(read.body, runningOver!.body)).toBeGreaterThanOrEqual(0.95);
    // The lines on either side of the page turn are both there.
    const atTurn = book.pages[1].parts[0].lines.find((l) => l.trim() !== '')!.trim();
    expect(read.body).toContain(atTurn);
  });
});
