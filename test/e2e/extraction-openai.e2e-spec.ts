import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExtractionError, type PageImage } from '../../src/scanning/application/ports/extraction.port.js';
import { OpenAiPoemExtractor } from '../../src/scanning/infrastructure/extraction/openai/openai-poem.extractor.js';
import { normalisePageImage } from '../../src/scanning/infrastructure/images/page-image.intake.js';

/** A poem as read, without what was read of each line (kept for proofreading, checked on its own). */
const withoutLines = <P extends { lines?: unknown }>({ lines: _lines, ...poem }: P) => poem;
import { completion } from '../support/openai-stub.js';

/**
 * The OpenAI adapter against an OpenAI-compatible server started here on 127.0.0.1: what it
 * sends (model, page photos as data URLs, strict JSON schema), how it joins the answers, and how
 * provider failures reach the scan jobs.
 */

interface Recorded {
  path: string;
  authorization?: string;
  body: any;
}

type Reply = (request: Recorded) => { status: number; body: unknown; delayMs?: number };

let server: Server;
let baseUrl: string;
let recorded: Recorded[] = [];
let reply: Reply;
let inFlight = 0;
let maxInFlight = 0;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const request: Recorded = { path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(await readBody(req)) };
    recorded.push(request);
    const { status, body, delayMs } = reply(request);
    await new Promise((r) => setTimeout(r, delayMs ?? 0));
    inFlight--;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  recorded = [];
  inFlight = 0;
  maxInFlight = 0;
});

const extractor = (maxRetries = 0) => new OpenAiPoemExtractor({ apiKey: 'sk-test-key', baseUrl, model: 'vision-test-model', maxRetries });

async function pagePhotos(count: number): Promise<PageImage[]> {
  const pages: PageImage[] = [];
  for (let i = 0; i < count; i++) {
    const png = await sharp({ create: { width: 300 + i, height: 450, channels: 3, background: { r: 240, g: 236, b: 228 } } })
      .png()
      .toBuffer();
    pages.push(await normalisePageImage(png, i));
  }
  return pages;
}

/** Which batch page a request is about, from the text part that precedes the photo. */
function pageOf(request: Recorded): number {
  const text = request.body.messages[1].content.find((c: any) => c.type === 'text').text as string;
  return Number(/Page (\d+) of this batch/.exec(text)![1]) - 1;
}

describe('OpenAI extractor: poems', () => {
  const answers = [
    {
      page_number: 11,
      begins_mid_poem: false,
      poems: [
        { title: 'Chalk', body: 'Forty years of chalk upon my sleeves,\n    forty years of erasing what I wrote.' },
        {
          title: 'Letter to My Students',
          body: 'You came to me in autumn with your questions\nfolded small as notes inside your coats,\n',
        },
      ],
    },
    {
      page_number: 12,
      begins_mid_poem: true,
      poems: [{ title: '', body: '\nand I pretended I had all the answers\n\n\nWe read the old poets\n\tin a room that smelled of chalk' }],
    },
    {
      page_number: null,
      begins_mid_poem: true,
      poems: [
        { title: '', body: 'and rain and radiators warming.' },
        { title: '', body: 'The kettle ticks as it cools down.\nA car goes past, then none.' },
      ],
    },
    { page_number: 14, begins_mid_poem: false, poems: [] },
  ];

  it('sends each page photo with the model and a strict schema, and joins a poem continued over pages', async () => {
    reply = (request) => ({ status: 200, body: completion(JSON.stringify(answers[pageOf(request)])), delayMs: 200 });
    const pages = await pagePhotos(4);
    const progress: number[] = [];

    const poems = await extractor().extractPoems(pages, (p) => progress.push(p.pagesDone));

    expect(recorded).toHaveLength(4);
    for (const request of recorded) {
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.authorization).toBe('Bearer sk-test-key');
      expect(request.body.model).toBe('vision-test-model');
      const format = request.body.response_format;
      expect(format.type).toBe('json_schema');
      expect(format.json_schema.strict).toBe(true);
      expect(format.json_schema.schema.required).toEqual(['page_number', 'begins_mid_poem', 'ends_short', 'poems']);
      expect(format.json_schema.schema.additionalProperties).toBe(false);
      const system = request.body.messages[0].content as string;
      expect(system).toMatch(/exactly/i);
      expect(system).toMatch(/stanza break/i);
      expect(system).toMatch(/leading spaces/i);
      expect(system).toMatch(/first line as the title/i);
      // The rules of printed books the offline extractor follows too.
      expect(system).toMatch(/running heads/i);
      expect(system).toMatch(/page numbers \(folios\) wherever they stand/i);
      expect(system).toMatch(/roman/i);
      expect(system).toMatch(/numeral printed above a title .* is not part of its title/i);
      expect(system).toMatch(/turned over/i);
      expect(system).toMatch(/never make the turned end a line of its own/i);
      expect(system).toMatch(/ornaments and rules between poems/i);
      expect(system).toMatch(/natural case/i);
      const image = request.body.messages[1].content.find((c: any) => c.type === 'image_url');
      const page = pages[pageOf(request)];
      expect(image.image_url.url).toBe(`data:image/jpeg;base64,${page.data.toString('base64')}`);
    }
    // Pages go out in parallel, three at a time.
    expect(maxInFlight).toBe(3);
    expect(progress).toEqual([1, 2, 3, 4]);

    // The model gives no places on the page: each line is kept for proofreading without a box.
    expect(poems.flatMap((p) => p.lines ?? []).map((l) => [l.box, l.words])).toEqual(
      poems.flatMap((p) => p.lines ?? []).map(() => [null, []]),
    );
    expect(poems.map(withoutLines)).toEqual([
      {
        title: 'Chalk',
        body: 'Forty years of chalk upon my sleeves,\n    forty years of erasing what I wrote.',
        page_numbers: [11],
        source_pages: [0],
      },
      {
        title: 'Letter to My Students',
        body:
          'You came to me in autumn with your questions\nfolded small as notes inside your coats,\n' +
          'and I pretended I had all the answers\n\nWe read the old poets\n    in a room that smelled of chalk\n' +
          'and rain and radiators warming.',
        page_numbers: [11, 12, 13],
        source_pages: [0, 1, 2],
      },
      // Untitled and not a continuation: its first line is its title. Its page's folio was not
      // legible: it takes 13 from the pages around it (12 and 14), as the offline reading does.
      {
        title: 'The kettle ticks as it cools down.',
        body: 'The kettle ticks as it cools down.\nA car goes past, then none.',
        page_numbers: [13],
        source_pages: [2],
      },
    ]);
  });

  it('continues a poem after a stanza break when the page before ended short of its text block', async () => {
    const turn = [
      {
        page_number: 21,
        begins_mid_poem: false,
        ends_short: true,
        poems: [{ title: 'Annabel Lee', body: 'It was many and many a year ago,\n  In a kingdom by the sea,' }],
      },
      {
        page_number: 22,
        begins_mid_poem: true,
        ends_short: false,
        poems: [{ title: '', body: 'That a maiden there lived whom you may know' }],
      },
    ];
    reply = (request) => ({ status: 200, body: completion(JSON.stringify(turn[pageOf(request)])) });
    expect((await extractor().extractPoems(await pagePhotos(2))).map(withoutLines)).toEqual([
      {
        title: 'Annabel Lee',
        body: 'It was many and many a year ago,\n  In a kingdom by the sea,\n\nThat a maiden there lived whom you may know',
        page_numbers: [21, 22],
        source_pages: [0, 1],
      },
    ]);
  });

  it("checks the model's page numbers against each other and the photos' order, as the offline reading's are", async () => {
    const things = ['heron', 'lantern', 'orchard', 'harbour'];
    const poemOn = (thing: string) => ({ title: `The ${thing}`, body: `A ${thing} was here before us,\nand a ${thing} will be after.` });
    const pageAnswers = (numbers: Array<number | null>) =>
      numbers.map((page_number, i) => ({ page_number, begins_mid_poem: false, ends_short: false, poems: [poemOn(things[i])] }));
    const read = async (answers: unknown[]) => {
      reply = (request) => ({ status: 200, body: completion(JSON.stringify(answers[pageOf(request)])) });
      return (await extractor().extractPoems(await pagePhotos(answers.length))).map((p) => p.page_numbers);
    };
    // A folio misread between two that agree is corrected ("150" between 3 and 5 is 4).
    expect(await read(pageAnswers([3, 150, 5]))).toEqual([[3], [4], [5]]);
    // A batch that starts mid-book, its first page printing no folio (a poem's opening): 11 and 12.
    expect(await read(pageAnswers([null, 12]))).toEqual([[11], [12]]);
    // One page alone keeps what was read; so does a folio the run cannot check.
    expect(await read(pageAnswers([150]))).toEqual([[150]]);
    // The same page photographed twice keeps its one number; the page after it is the next.
    const twice = pageAnswers([7, 8, 8, 9]);
    twice[2] = twice[1];
    expect(await read(twice)).toEqual([[7], [8], [8], [9]]);
  });

  it('starts a new poem, marked as continuing one from before the batch, when the first page begins mid-poem', async () => {
    reply = () => ({
      status: 200,
      body: completion(JSON.stringify({ page_number: 30, begins_mid_poem: true, poems: [{ title: '', body: 'the colour of a pen.' }] })),
    });
    expect((await extractor().extractPoems(await pagePhotos(1))).map(withoutLines)).toEqual([
      {
        title: 'the colour of a pen.',
        body: 'the colour of a pen.',
        page_numbers: [30],
        source_pages: [0],
        continues: { stanzaBreak: false },
      },
    ]);
  });
});

describe('OpenAI extractor: metadata', () => {
  it('sends all cover, title and copyright photos in one request and returns the fields', async () => {
    reply = () => ({
      status: 200,
      body: completion(
        JSON.stringify({
          title: ' The Orchard Years ',
          authors: ['Eleanor Whitfield', ' '],
          publisher: 'Larkspur Press',
          publication_date: 'March 1987',
          isbn: '0-9612345-3-9',
          notes: 'First edition',
          language: 'en',
        }),
      ),
    });
    const images = await pagePhotos(3);
    const metadata = await extractor().extractMetadata(images);
    expect(metadata).toEqual({
      title: 'The Orchard Years',
      authors: ['Eleanor Whitfield'],
      publisher: 'Larkspur Press',
      publication_date: 'March 1987',
      isbn: '0-9612345-3-9',
      notes: 'First edition',
      language: 'en',
    });
    expect(recorded).toHaveLength(1);
    const urls = recorded[0].body.messages[1].content.filter((c: any) => c.type === 'image_url').map((c: any) => c.image_url.url);
    expect(urls).toEqual(images.map((i) => `data:image/jpeg;base64,${i.data.toString('base64')}`));
    expect(recorded[0].body.response_format.json_schema).toMatchObject({
      strict: true,
      schema: { required: ['title', 'authors', 'publisher', 'publication_date', 'isbn', 'notes', 'language'] },
    });
    const system = recorded[0].body.messages[0].content as string;
    expect(system).toMatch(/without its city/i);
    expect(system).toMatch(/BY may stand on its own line/i);
  });

  it('keeps an ISBN only when its check digit is right, naming a misread one in the notes', async () => {
    reply = () => ({
      status: 200,
      body: completion(
        JSON.stringify({
          title: 'Harbour',
          authors: ['Ruth Abernethy'],
          publisher: 'Harbour Books',
          publication_date: '2004',
          isbn: '0-4444444-4-4',
          notes: '',
        }),
      ),
    });
    const metadata = await extractor().extractMetadata(await pagePhotos(1));
    expect(metadata.isbn).toBe('');
    expect(metadata.notes).toBe('ISBN as read from the photo, which fails its check digit: 0-4444444-4-4');
  });
});

describe('OpenAI extractor: provider failures', () => {
  async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(ExtractionError);
      return error as ExtractionError;
    }
    throw new Error('expected the extraction to fail');
  }

  const errorBody = (message: string) => ({ error: { message, type: 'test_error', code: null, param: null } });

  it('maps 429 to a retryable rate-limit error', async () => {
    reply = () => ({ status: 429, body: errorBody('Rate limit reached for requests') });
    const error = await failure(extractor().extractPoems(await pagePhotos(1)));
    expect(error.code).toBe('EXTRACTION.AI_RATE_LIMITED');
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^AI provider \(OpenAI\) is limiting requests/);
  });

  it('maps 413 to payload too large', async () => {
    reply = () => ({ status: 413, body: errorBody('Request entity too large') });
    const error = await failure(extractor().extractMetadata(await pagePhotos(2)));
    expect(error.code).toBe('EXTRACTION.AI_PAYLOAD_TOO_LARGE');
    expect(error.retryable).toBe(false);
  });

  it('maps 500 to a provider failure whose message names the AI provider', async () => {
    reply = () => ({ status: 500, body: errorBody('The server had an error while processing your request') });
    const error = await failure(extractor().extractPoems(await pagePhotos(2)));
    expect(error.code).toBe('EXTRACTION.AI_PROVIDER_FAILED');
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^AI provider \(OpenAI\) failed: /);
  });

  it('retries a 500 through the SDK and succeeds when the provider recovers', async () => {
    let calls = 0;
    reply = () =>
      ++calls === 1
        ? { status: 500, body: errorBody('try again') }
        : { status: 200, body: completion(JSON.stringify({ page_number: 5, begins_mid_poem: false, poems: [{ title: 'A', body: 'b' }] })) };
    const poems = await extractor(1).extractPoems(await pagePhotos(1));
    expect(calls).toBe(2);
    expect(poems.map(withoutLines)).toEqual([{ title: 'A', body: 'b', page_numbers: [5], source_pages: [0] }]);
  });

  it('treats an answer that is not valid JSON, or not of the schema, as a provider failure', async () => {
    reply = () => ({ status: 200, body: completion('Here are the poems: {not json') });
    const notJson = await failure(extractor().extractPoems(await pagePhotos(1)));
    expect(notJson.code).toBe('EXTRACTION.AI_PROVIDER_FAILED');
    expect(notJson.message).toBe('AI provider (OpenAI) failed: its answer was not valid JSON');

    reply = () => ({ status: 200, body: completion(JSON.stringify({ poems: 'none' })) });
    expect((await failure(extractor().extractPoems(await pagePhotos(1)))).code).toBe('EXTRACTION.AI_PROVIDER_FAILED');
  });

  it('reports an unreachable provider as a provider failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = new OpenAiPoemExtractor({ apiKey: 'k', baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', maxRetries: 0 });
    const error = await failure(offline.extractMetadata(await pagePhotos(1)));
    expect(error.code).toBe('EXTRACTION.AI_PROVIDER_FAILED');
    expect(error.message).toMatch(/^AI provider \(OpenAI\) failed: could not connect/);
  });
});
