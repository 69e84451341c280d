import sharp from 'sharp';
import { completion, type StubReply } from './openai-stub.js';

/**
 * Page photos and the OpenAI stub's answers for them, for tests that need a scan's poems exactly
 * (duplicates, reruns, failures) and fast: each page of a batch is answered with its own poem.
 */

export interface StubPoem {
  title: string;
  body: string;
}

/** Two short poems, one a page. */
export const LANTERN: StubPoem = {
  title: 'The Lantern',
  body: 'A lantern swings above the gate\nand counts the moths that come too late.',
};
export const ORCHARD: StubPoem = {
  title: 'Winter Orchard',
  body: 'The apple trees stand bare and grey,\nthey keep the snow and give the day.',
};

/** The page of its batch a transcription request is for (the adapter says "Page N of this batch"), from 1. */
export function pageOfRequest(body: any): number | undefined {
  const parts = body?.messages?.find((m: any) => m.role === 'user')?.content;
  const text = Array.isArray(parts) ? parts.map((p: any) => p.text ?? '').join(' ') : String(parts ?? '');
  const match = /Page (\d+) of this batch/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * An OpenAI-compatible answer for each page of a batch: page N holds `poems[N - 1]`, printed as
 * page 10 + N. `hold(page)` answers that page only after `holdMs` (a scan caught mid-way).
 */
export function pagesReply(poems: Array<StubPoem | null>, hold: (page: number) => boolean = () => false, holdMs = 60_000): StubReply {
  return ({ body }) => {
    const page = pageOfRequest(body);
    if (page === undefined) return { status: 400, body: { error: { message: 'not a page' } } };
    const poem = poems[page - 1];
    const answer = { page_number: 10 + page, begins_mid_poem: false, ends_short: false, poems: poem ? [poem] : [] };
    return { status: 200, body: completion(answer), ...(hold(page) ? { delayMs: holdMs } : {}) };
  };
}

/** Plain page photos, each its own picture (the stub reads which page it is from the request). */
export function pagePhotos(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp({ create: { width: 800, height: 1200, channels: 3, background: { r: 244 - i * 9, g: 241, b: 234 } } })
        .jpeg()
        .toBuffer(),
    ),
  );
}

const WORDS = (
  'river stone lantern orchard window meadow harbour candle sparrow winter summer thistle ' +
  'bramble ember willow hollow shadow morning evening silver copper linen marrow velvet ' +
  'furrow cinder heron plover quarry ferry chapel garden ladder bucket kettle saddle'
).split(' ');

/**
 * `count` poems no two of which share a line, for a book the stub reads one poem a page:
 * distinct enough that duplicate detection keeps every one.
 */
export function distinctPoems(count: number): StubPoem[] {
  // A small linear congruential sequence: the same words on every run.
  let seed = 7;
  const word = () => WORDS[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % WORDS.length]!;
  const line = () => Array.from({ length: 6 }, word).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    title: `Poem ${i + 1}`,
    body: [line(), line(), line(), line()].join('\n'),
  }));
}

/** The red of the i-th coloured photo: steps of five, which a scaled JPEG keeps apart. */
const redOf = (i: number) => 20 + 5 * i;
export const MAX_COLOURED_PHOTOS = 45;

/**
 * Page photos each of its own colour, for a book whose pages are moved about before they are read:
 * the stub tells which photo it was sent by its colour (photoOfRequest), wherever the photo stands
 * in the book, so poems in the right order prove the photos were read in their places.
 */
export function colouredPhotos(count: number): Promise<Buffer[]> {
  if (count > MAX_COLOURED_PHOTOS) throw new Error(`at most ${MAX_COLOURED_PHOTOS} coloured photos`);
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp({ create: { width: 600, height: 900, channels: 3, background: { r: redOf(i), g: 236, b: 228 } } })
        .jpeg()
        .toBuffer(),
    ),
  );
}

/** Which of colouredPhotos() a transcription request shows (from 0), by the red of its image. */
export async function photoOfRequest(body: any): Promise<number | undefined> {
  const parts = body?.messages?.find((m: any) => m.role === 'user')?.content;
  const url: string | undefined = Array.isArray(parts) ? parts.find((p: any) => p.type === 'image_url')?.image_url?.url : undefined;
  if (!url) return undefined;
  const { channels } = await sharp(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')).stats();
  return Math.round((channels[0]!.mean - redOf(0)) / 5);
}

/** An OpenAI-compatible answer for each of colouredPhotos(): photo i holds `poems[i]`, printed as page i + 1. */
export function photosReply(poems: StubPoem[]): StubReply {
  return async ({ body }) => {
    const photo = await photoOfRequest(body);
    const poem = photo === undefined ? undefined : poems[photo];
    if (!poem) return { status: 400, body: { error: { message: 'not one of the coloured photos' } } };
    return { status: 200, body: completion({ page_number: photo! + 1, begins_mid_poem: false, ends_short: false, poems: [poem] }) };
  };
}
