/**
 * A whole-book import reads every page with the model of the publication's language, not the
 * archive's OCR_LANGUAGES (English here): a German book's poems keep ä, ö, ü and ß, which the
 * English model reads as other letters. The same pages imported into a book set to English are the
 * check that the language chose the model: there some of those letters are lost.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderBookPages, sampleBook, type RenderedBook } from '../support/page-photos/page-photos.mjs';
import { createPublication, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

/** Poems of Heine, Goethe and Eichendorff (public domain), rich in the letters German adds. */
const GERMAN_POEMS = [
  {
    title: 'Die Lorelei',
    body: [
      'Ich weiß nicht, was soll es bedeuten,',
      'Daß ich so traurig bin;',
      'Ein Märchen aus uralten Zeiten,',
      'Das kommt mir nicht aus dem Sinn.',
      '',
      'Die Luft ist kühl und es dunkelt,',
      'Und ruhig fließt der Rhein;',
      'Der Gipfel des Berges funkelt',
      'Im Abendsonnenschein.',
    ].join('\n'),
  },
  {
    title: 'Wandrers Nachtlied',
    body: [
      'Über allen Gipfeln',
      'Ist Ruh,',
      'In allen Wipfeln',
      'Spürest du',
      'Kaum einen Hauch;',
      'Die Vögelein schweigen im Walde.',
      'Warte nur, balde',
      'Ruhest du auch.',
    ].join('\n'),
  },
  {
    title: 'Mondnacht',
    body: [
      'Es war, als hätt der Himmel',
      'Die Erde still geküßt,',
      'Daß sie im Blütenschimmer',
      'Von ihm nun träumen müßt.',
      '',
      'Die Luft ging durch die Felder,',
      'Die Ähren wogten sacht,',
      'Es rauschten leis die Wälder,',
      'So sternklar war die Nacht.',
    ].join('\n'),
  },
];

/** The words of a text that hold a letter German adds to the Latin alphabet. */
const germanWords = (text: string) => [...new Set(text.match(/\p{L}*[äöüÄÖÜß]\p{L}*/gu) ?? [])];

type Poem = { title: string; body: string; page_numbers: number[] };

describe('a whole-book import of a German book (offline extractor, OCR_LANGUAGES=eng)', () => {
  let t: TestApp;
  let agent: TestAgent;
  let book: RenderedBook;

  /** The rendered book imported into a new publication in `language`, read to the end: its poems. */
  const importBook = async (language: string): Promise<Poem[]> => {
    const pubId = await createPublication(agent, `Gedichte (${language})`);
    await agent.put(`/api/publications/${pubId}/`).send({ language }).expect(200);
    const { id } = (await agent.post(`/api/publications/${pubId}/book_imports/`).expect(201)).body as { id: number };
    for (const [i, page] of book.pages.entries())
      await agent
        .post(`/api/book_imports/${id}/files/`)
        .field('position', String(i))
        .attach('file', page.image, { filename: `Seite_${i + 1}.jpg`, contentType: 'image/jpeg' })
        .expect(201);
    await agent.post(`/api/book_imports/${id}/start/`).expect(202);
    const state = await vi.waitFor(
      async () => {
        const now = ((await agent.get(`/api/book_imports/${id}/`).expect(200)).body as { state: string }).state;
        if (now !== 'finished' && now !== 'failed') throw new Error(`still ${now}`);
        return now;
      },
      { timeout: 120_000, interval: 500 },
    );
    expect(state).toBe('finished');
    return (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Poem[];
  };

  let german: Poem[];
  let english: Poem[];

  beforeAll(async () => {
    book = await renderBookPages(sampleBook({ title: 'Gedichte', authors: ['Heinrich Heine'], poems: GERMAN_POEMS }), { rotate: false });
    t = await startTestApp('pglite', { env: { OCR_LANGUAGES: 'eng' } });
    ({ agent } = await staffAgent(t));
    german = await importBook('de');
    english = await importBook('en');
  });
  afterAll(async () => t?.close());

  it("reads the German book's poems with their titles, in order, over its pages", () => {
    expect(book.pages.length).toBeGreaterThanOrEqual(2);
    expect(german.map((p) => [p.title, p.page_numbers])).toEqual(book.poems.map((p) => [p.title, p.page_numbers]));
  });

  it('keeps every word with ä, ö, ü or ß as printed', () => {
    const printed = germanWords(GERMAN_POEMS.map((p) => `${p.title}\n${p.body}`).join('\n'));
    expect(printed.length).toBeGreaterThanOrEqual(12);
    const read = new Set(german.flatMap((p) => `${p.title}\n${p.body}`.split(/[^\p{L}]+/u)));
    expect(printed.filter((w) => !read.has(w))).toEqual([]);
    expect(german.find((p) => p.title === 'Die Lorelei')?.body).toContain('Ich weiß nicht, was soll es bedeuten,\nDaß ich so traurig bin;');
  });

  it('read the same pages set to English, loses some of them: the language chose the model', () => {
    const printed = germanWords(GERMAN_POEMS.map((p) => `${p.title}\n${p.body}`).join('\n'));
    const read = new Set(english.flatMap((p) => `${p.title}\n${p.body}`.split(/[^\p{L}]+/u)));
    expect(printed.filter((w) => !read.has(w)).length).toBeGreaterThan(0);
  });
});
