/**
 * A book is read with its own language's model; OCR_LANGUAGES chooses the languages Tesseract reads
 * a book with whose language has no model installed (here Swiss German, read with German data). A page of a German book (a real 1-bit
 * scan, test/fixtures/real-scans) uploaded through the API with German data set reads as printed:
 * umlauts and ß, which the English model turns into "ii", "fi" or "B". Scored with the real-scans
 * measures (test/support/real-scans/score.mjs).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rates, scorePage } from '../support/real-scans/score.mjs';
import { createPublication, staffAgent, startTestApp, type TestApp } from '../support/test-app.js';

const fixture = (name: string) => new URL(`../fixtures/real-scans/books/hofmannsthal-gedichte/${name}`, import.meta.url);
const page = readFileSync(fixture('020.png'));
const truth = readFileSync(fixture('020.txt'), 'utf8');

type Poem = { title: string; body: string; page_numbers: number[] };

/** The page scanned into a new publication in `language`, by an archive reading with `ocrLanguages`. */
async function readPageOfBook(ocrLanguages: string, language: string): Promise<{ t: TestApp; poems: Poem[] }> {
  const t = await startTestApp('pglite', { env: { OCR_LANGUAGES: ocrLanguages } });
  const { agent } = await staffAgent(t);
  const id = await createPublication(agent, 'Gedichte');
  await agent.put(`/api/publications/${id}/`).send({ language }).expect(200);
  await agent
    .post(`/api/publications/${id}/batch_upload_pages/`)
    .attach('page_0', page, { filename: '020.png', contentType: 'image/png' })
    .expect(200);
  const poems = (await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body as Poem[];
  return { t, poems };
}

describe('a page of a book in a language without a model (gsw), read with OCR_LANGUAGES=deu', () => {
  let t: TestApp;
  let poems: Poem[];

  beforeAll(async () => {
    ({ t, poems } = await readPageOfBook('deu', 'gsw'));
  });
  afterAll(async () => t?.close());

  it('keeps the umlauts and ß the page prints', () => {
    const printed = [...new Set(truth.match(/[\p{L}]*[äöüÄÖÜß][\p{L}]*/gu))];
    expect(printed.length).toBeGreaterThan(15);
    const words = new Set(poems.flatMap((p) => `${p.title}\n${p.body}`.split(/[^\p{L}]+/u)));
    const kept = printed.filter((w) => words.has(w));
    // The English model keeps none of them; a few stay misread in broken type.
    expect(kept.length / printed.length, `kept ${kept.join(' ')}`).toBeGreaterThanOrEqual(0.75);
    expect(poems[0].body).toContain('Ich habe mich bedacht, daß schönste Tage\nNur jene heißen dürfen');
  });

  it('reads the page with a character error rate under 3%', () => {
    expect(rates(scorePage(truth, poems)).cer).toBeLessThanOrEqual(0.03);
  });
});

describe('a German book read with its own language while OCR_LANGUAGES stays English', () => {
  let t: TestApp;
  let poems: Poem[];

  beforeAll(async () => {
    ({ t, poems } = await readPageOfBook('eng', 'de'));
  });
  afterAll(async () => t?.close());

  it('reads the page with deu: the umlauts and ß are kept', () => {
    expect(poems[0].body).toContain('Ich habe mich bedacht, daß schönste Tage\nNur jene heißen dürfen');
    expect(rates(scorePage(truth, poems)).cer).toBeLessThanOrEqual(0.03);
  });
});
