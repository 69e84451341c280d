import { describe, expect, it } from 'vitest';
import { ExtractionError, type PageReading } from '../../application/ports/extraction.port.js';
import { OfflinePoemExtractor, defaultOfflineOptions } from './offline/offline-poem.extractor.js';
import { OpenAiPoemExtractor } from './openai/openai-poem.extractor.js';

/** A page answer as the model gives it, kept as JSON the way a book import stores it. */
const stored = (index: number, answer: object): PageReading => JSON.parse(JSON.stringify({ extractor: 'openai', index, page: answer }));

describe('per-page readings and one assembly (the extraction port)', () => {
  const openai = new OpenAiPoemExtractor({ apiKey: 'sk-test', model: 'test-model' });

  it('assembles stored readings of many pages, in book order, into poems running over page turns', async () => {
    const readings = [
      stored(0, {
        page_number: 11,
        begins_mid_poem: false,
        ends_short: false,
        poems: [{ title: 'The Lantern', body: 'A light is left\nin the window' }],
      }),
      stored(1, {
        page_number: 12,
        begins_mid_poem: true,
        ends_short: false,
        poems: [
          { title: '', body: 'for whoever comes\nlate home' },
          { title: 'Rain', body: 'On the roof\nall night' },
        ],
      }),
    ];
    const poems = await openai.assemble(readings);
    expect(poems.map((p) => ({ title: p.title, pages: p.source_pages, numbers: p.page_numbers }))).toEqual([
      { title: 'The Lantern', pages: [0, 1], numbers: [11, 12] },
      { title: 'Rain', pages: [1], numbers: [12] },
    ]);
    expect(poems[0]!.body).toContain('in the window\nfor whoever comes');
  });

  it("refuses another extractor's readings, naming the page to read again", async () => {
    const offline = new OfflinePoemExtractor(defaultOfflineOptions());
    try {
      const reading = stored(4, { page_number: null, begins_mid_poem: false, ends_short: false, poems: [] });
      await expect(offline.assemble([reading])).rejects.toThrow(ExtractionError);
      await expect(offline.assemble([reading])).rejects.toThrow(/Page 5 was read by the openai extractor/);
      expect(await offline.assemble([])).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});
