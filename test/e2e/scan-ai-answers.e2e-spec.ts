/**
 * What a scan keeps of the extractor's answer, through the API, with the OpenAI adapter talking to
 * an OpenAI-compatible server started here on 127.0.0.1: candidates without a line of verse are
 * dropped and counted, and titles, names and publishers printed in capitals get their natural case.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublication, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';
import { completion, startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import type { MetadataAnswer } from '../../contracts/scanning.js';

describe('what a scan keeps of the extractor’s answer', () => {
  let stub: OpenAiStub;
  let answer: unknown;
  let t: TestApp;
  let agent: TestAgent;
  let page: Buffer;

  beforeAll(async () => {
    stub = await startOpenAiStub(() => ({ status: 200, body: completion(answer) }));
    t = await startTestApp('pglite', { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl } });
    ({ agent } = await staffAgent(t));
    page = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#f4f1ea' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('drops a candidate with a title and no verse, counts it, and keeps a title printed in capitals in natural case', async () => {
    const pubId = await createPublication(agent, 'Mountain Interval');
    answer = {
      page_number: 10,
      begins_mid_poem: false,
      ends_short: false,
      poems: [
        { title: "A BOY'S WILL", body: '' },
        { title: 'THE OVEN BIRD', body: 'There is a singer everyone has heard,\nLoud, a mid-summer and a mid-wood bird,' },
      ],
    };
    const res = await agent.post(`/api/publications/${pubId}/batch_upload_pages/`).attach('page_0', page, 'p.jpg').expect(200);
    expect(res.body).toMatchObject({ extracted_poems: 1, duplicates_ignored: 0, total_scanned: 1, empty_dropped: 1 });
    const poems = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body;
    expect(poems.map((p: { title: string }) => p.title)).toEqual(['The Oven Bird']);
  });

  it('keeps a title the page prints in mixed case exactly as printed', async () => {
    const pubId = await createPublication(agent, 'Mixed case');
    answer = {
      page_number: 3,
      begins_mid_poem: false,
      ends_short: false,
      poems: [{ title: 'i carry your heart with me', body: 'i carry your heart with me(i carry it in' }],
    };
    await agent.post(`/api/publications/${pubId}/batch_upload_pages/`).attach('page_0', page, 'p.jpg').expect(200);
    const poems = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body;
    expect(poems.map((p: { title: string }) => p.title)).toEqual(['i carry your heart with me']);
  });

  it('gives metadata printed in capitals its natural case', async () => {
    answer = {
      title: 'MOUNTAIN INTERVAL',
      authors: ['ROBERT FROST'],
      publisher: 'HENRY HOLT AND COMPANY',
      publication_date: '1916',
      isbn: '978-0-8050-0014-6',
      notes: '',
      language: 'en-us',
    };
    const res = await agent.post('/api/ai_extraction/extract_metadata/').attach('image_0', page, 'c.jpg').expect(200);
    expect(res.body).toEqual({
      success: true,
      metadata: {
        title: 'Mountain Interval',
        authors: ['Robert Frost'],
        publisher: 'Henry Holt and Company',
        publication_date: '1916',
        isbn: '978-0-8050-0014-6',
        notes: '',
        language: 'en-US',
      },
    });
  });

  it("proposes the book's language: the model's, else one told from the text it read", async () => {
    const ask = async () =>
      ((await agent.post('/api/ai_extraction/extract_metadata/').attach('image_0', page, 'c.jpg').expect(200)).body as MetadataAnswer)
        .metadata;
    const german = {
      title: 'Buch der Lieder',
      authors: ['Heinrich Heine'],
      publisher: 'Hoffmann und Campe',
      publication_date: '1827',
      isbn: '',
    };
    answer = { ...german, notes: '', language: 'de' };
    expect(await ask()).toMatchObject({ title: 'Buch der Lieder', language: 'de' });
    // A server that does not answer the field, or answers something that is no language tag.
    answer = { ...german, notes: 'Vierte Auflage, mit einer Vorrede des Verfassers' };
    expect((await ask())?.language).toBe('de');
    answer = { ...german, notes: 'Vierte Auflage, mit einer Vorrede des Verfassers', language: 'German, I think' };
    expect((await ask())?.language).toBe('de');
  });
});
