import OpenAI, { APIConnectionError, APIError } from 'openai';
import {
  ExtractionError,
  type ExtractedMetadata,
  type ExtractedPoem,
  type ExtractionProgress,
  ownReadings,
  type PageImage,
  type PageReading,
  type PoemExtractor,
} from '../../../application/ports/extraction.port.js';
import { assemblePoems, type PageLayout } from '../../../domain/assemble-poems.js';
import { readIsbn, unreadableIsbnNote } from '../../../domain/page-reading/isbn.js';
import { numberPhotos } from '../../../domain/page-reading/folios.js';
import { DUPLICATE_THRESHOLD, poemSimilarity } from '../../../domain/duplicates/poem-similarity.js';
import { mapWithConcurrency } from '../../../../common/map-with-concurrency.js';
import { canonicalLanguage } from '../../../../../contracts/language.js';
import { proposeLanguage } from '../language-proposal.js';

/**
 * Extraction by an OpenAI vision model (or any OpenAI-compatible server). Each page is one chat
 * completion with the photo as a data URL and a strict JSON schema for the answer; pages run in
 * parallel and are joined afterwards using each page's "begins mid-poem" flag.
 */

export interface OpenAiExtractorOptions {
  apiKey: string;
  baseUrl?: string;
  model: string;
  /** Pages sent at once. */
  concurrency?: number;
  /** SDK retries of 429/5xx/connection failures before the error reaches us (and the job's own retries). */
  maxRetries?: number;
  timeoutMs?: number;
}

export const PROVIDER = 'AI provider (OpenAI)';

export const POEM_PAGE_PROMPT = `You transcribe one photographed page of a printed poetry book for a memorial archive.
Transcribe exactly what is printed on the page itself. Never invent, complete, modernise or correct words, spelling or punctuation.
Ignore everything outside the page (the table, a hand, the facing page).
For every poem, or part of a poem, on the page:
- Keep every line break exactly as printed: one printed verse line is one line of "body".
- A verse line too long for the measure is often turned over by the printer: its end is set on the next printed line,
  indented much deeper than the poem's indentation (often flush right, sometimes opened with "["). That is one verse line:
  join the two parts with a space (drop the "[") and never make the turned end a line of its own.
- Mark each stanza break (a visible blank space between groups of lines) with one empty line.
- Keep indentation with leading spaces: two spaces per em of indentation (about one space per letter's width),
  so an indent of one em is 2 spaces, two ems 4 spaces; deeper indents get more.
- "title" is the poem's printed title, in natural case when it is printed in capitals or small capitals
  ("The Oven Bird" for THE OVEN BIRD; small words such as a, the, and, of, by, on in lower case).
  If a poem that starts on this page has no title, use its first line as the title.
- A numeral printed above a title ("I.", "IV", "12.") numbers the poem and is not part of its title.
  A numeral above verse with no title is the poem's title.
Never transcribe page furniture as a poem, a title or a line:
- running heads at the top of the page (the book's title, the current poem's title or a section name, with or without a page number);
- page numbers (folios) wherever they stand: top or bottom, centred or in the outer corner, plain, decorated ("— 22 —", "[22]") or roman ("xiv");
- ornaments and rules between poems (❧, *, ⁂, a line).
Report the printed page number in "page_number" as a number (a roman folio as its value; null when none is legible).
Set "begins_mid_poem" to true when the page starts with lines that continue a poem begun on an earlier page (no title above them,
even under a running head that repeats the poem's title); in that case those lines are the first item of "poems", with "title" as an empty string.
Set "ends_short" to true when the last poem on the page runs on to the next page and its last line here stops clearly above the foot of
the text block (room for at least one more line), which means a stanza ends at the page turn.
List poems in reading order. A page with no poem text has an empty "poems" list.`;

export const METADATA_PROMPT = `You read photographs of a poetry book's cover, title page and copyright page for a library catalogue.
Report only what is printed; use an empty string (or an empty list) for anything not shown.
- title: the book's title (with the subtitle only if it is clearly part of the title), in natural case when printed in capitals.
- authors: the author names, one per item, in natural case: the name after "by" on the title page (BY may stand on its own line above it),
  or the name the cover prints under the title. A firm named after "by" on the copyright page ("Copyright 1916 by Henry Holt and Company")
  is the publisher, not an author.
- publisher: the publisher's name as on the title or copyright page, without its city ("Henry Holt and Company", not "New York: Henry Holt and Company").
- publication_date: as printed, e.g. a year, a month and year, or a full date; prefer the first-edition or copyright date.
- isbn: the ISBN-10 or ISBN-13 as printed, with its hyphens.
- notes: other useful catalogue facts printed there (edition, translator, illustrator), else empty.
- language: the language the book's own text is written in, as a BCP 47 tag ("en", "de", "la"), else empty.`;

const POEM_PAGE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['page_number', 'begins_mid_poem', 'ends_short', 'poems'],
  properties: {
    page_number: { type: ['integer', 'null'], description: 'Printed page number (a roman folio as its value), null when none is legible.' },
    begins_mid_poem: { type: 'boolean', description: 'True when the page starts by continuing a poem from an earlier page.' },
    ends_short: { type: 'boolean', description: 'True when the last poem runs on to the next page and a stanza ends at the page turn.' },
    poems: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'body'],
        properties: {
          title: { type: 'string' },
          body: { type: 'string', description: 'Lines joined by \\n; empty line between stanzas; leading spaces for indentation.' },
        },
      },
    },
  },
} as const;

const METADATA_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'authors', 'publisher', 'publication_date', 'isbn', 'notes', 'language'],
  properties: {
    title: { type: 'string' },
    authors: { type: 'array', items: { type: 'string' } },
    publisher: { type: 'string' },
    publication_date: { type: 'string' },
    isbn: { type: 'string' },
    notes: { type: 'string' },
    language: { type: 'string' },
  },
} as const;

interface PageAnswer {
  page_number: number | null;
  begins_mid_poem: boolean;
  /** Absent in answers of servers that predate the field: then no stanza break is assumed at the turn. */
  ends_short?: boolean;
  poems: Array<{ title: string; body: string }>;
}

/** Cleans a transcribed body without touching its shape: tabs become 4 spaces, trailing blanks go. */
export function tidyBody(body: string): string {
  const lines = body
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''));
  const out: string[] = [];
  for (const line of lines) {
    // One empty line marks a stanza break; several in a row mean the same.
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

const firstLine = (body: string): string =>
  body
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim() ?? '';

/**
 * The model's page answers (in book order) as per-page readings for the domain's assembler: a page
 * that begins mid-poem has an untitled first block, which continues the poem before; an untitled
 * poem elsewhere on a page takes its first line as title; a page that ended short has a stanza end
 * at its turn; the page numbers go through the folio check (folios.ts).
 */
export function joinPages(pages: Array<{ index: number; answer: PageAnswer }>): ExtractedPoem[] {
  // The folios the model read are checked against each other and the photos' order, as the offline
  // reading's are; a page photographed twice is told by its text.
  const texts = pages.map(({ answer }) => answer.poems.map((p) => `${p.title}\n${p.body}`).join('\n'));
  const lines = texts.map((text) => text.split('\n').filter((l) => l.trim() !== '').length);
  const pageNumbers = numberPhotos(
    pages.map(({ answer }) => (answer.page_number ? { value: answer.page_number } : undefined)),
    (i, j) => Math.min(lines[i], lines[j]) >= 3 && poemSimilarity(texts[i], texts[j]) >= DUPLICATE_THRESHOLD,
  );
  const readings: PageLayout[] = pages.map(({ index, answer }, i) => ({
    index,
    pageNumber: pageNumbers[i],
    endsShort: answer.ends_short === true,
    blocks: answer.poems.flatMap((part, i) => {
      const body = tidyBody(part.body);
      if (i === 0 && answer.begins_mid_poem) return [{ lines: body ? body.split('\n') : [] }];
      if (!body && !part.title.trim()) return [];
      return [{ title: part.title.trim() || firstLine(body), lines: body ? body.split('\n') : [] }];
    }),
  }));
  return assemblePoems(readings);
}

function isPageAnswer(value: unknown): value is PageAnswer {
  const v = value as PageAnswer;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.page_number === null || Number.isInteger(v.page_number)) &&
    typeof v.begins_mid_poem === 'boolean' &&
    (v.ends_short === undefined || typeof v.ends_short === 'boolean') &&
    Array.isArray(v.poems) &&
    v.poems.every((p) => typeof p?.title === 'string' && typeof p?.body === 'string')
  );
}

function isMetadata(value: unknown): value is ExtractedMetadata {
  const v = value as ExtractedMetadata;
  return (
    typeof v === 'object' &&
    v !== null &&
    ['title', 'publisher', 'publication_date', 'isbn', 'notes'].every(
      (k) => typeof (v as unknown as Record<string, unknown>)[k] === 'string',
    ) &&
    Array.isArray(v.authors) &&
    v.authors.every((a) => typeof a === 'string') &&
    // Absent in answers of servers that predate the field.
    (v.language === undefined || typeof v.language === 'string')
  );
}

/** Maps SDK and transport failures to the port's error codes; messages name the AI provider. */
export function toExtractionError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  if (error instanceof APIConnectionError) {
    return new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', `${PROVIDER} failed: could not connect (${error.message})`, true);
  }
  if (error instanceof APIError) {
    const detail = error.message || `HTTP ${error.status}`;
    if (error.status === 429) return new ExtractionError('EXTRACTION.AI_RATE_LIMITED', `${PROVIDER} is limiting requests: ${detail}`, true);
    if (error.status === 413)
      return new ExtractionError('EXTRACTION.AI_PAYLOAD_TOO_LARGE', `${PROVIDER} rejected the images as too large: ${detail}`);
    const retryable = error.status === undefined || error.status >= 500 || error.status === 408;
    return new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', `${PROVIDER} failed: ${detail}`, retryable);
  }
  return new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', `${PROVIDER} failed: ${(error as Error)?.message ?? String(error)}`, true);
}

/** Names the book's language for the model, so it reads the page's words (and their accents) as that language's. */
export function languageNote(tag: string | undefined): string {
  if (!tag) return '';
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
  } catch {
    return '';
  }
  return ` The book is written in ${name && name !== tag ? `${name} (${tag})` : tag}.`;
}

const dataUrl = (page: PageImage) => `data:${page.mimeType};base64,${page.data.toString('base64')}`;

export class OpenAiPoemExtractor implements PoemExtractor {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;
  private readonly model: string;
  readonly concurrency: number;

  constructor(options: OpenAiExtractorOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      maxRetries: options.maxRetries ?? 2,
      timeout: options.timeoutMs ?? 180_000,
    });
    this.model = options.model;
    this.concurrency = Math.max(1, options.concurrency ?? 3);
  }

  private async ask<T>(
    system: string,
    content: OpenAI.Chat.Completions.ChatCompletionContentPart[],
    schemaName: string,
    schema: object,
    check: (v: unknown) => v is T,
  ): Promise<T> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({
        // No temperature: reasoning models refuse the parameter, and the schema and prompt already
        // pin the answer down.
        model: this.model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: schemaName, strict: true, schema: schema as Record<string, unknown> },
        },
      });
    } catch (error) {
      throw toExtractionError(error);
    }
    const message = completion.choices?.[0]?.message;
    if (message?.refusal)
      throw new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', `${PROVIDER} failed: it declined the request (${message.refusal})`);
    if (completion.choices?.[0]?.finish_reason === 'length') {
      throw new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', `${PROVIDER} failed: the answer was cut off before it was complete`, true);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(message?.content ?? '');
    } catch {
      throw new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', `${PROVIDER} failed: its answer was not valid JSON`, true);
    }
    if (!check(parsed))
      throw new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', `${PROVIDER} failed: its answer did not match the expected format`, true);
    return parsed;
  }

  /** The model's answer for the page, as its schema gives it. */
  async readPage(page: PageImage): Promise<PageReading> {
    const answer = await this.ask(
      POEM_PAGE_PROMPT,
      [
        { type: 'text', text: `Page ${page.index + 1} of this batch.${languageNote(page.language)} Transcribe it.` },
        { type: 'image_url', image_url: { url: dataUrl(page), detail: 'high' } },
      ],
      'poem_page',
      POEM_PAGE_SCHEMA,
      isPageAnswer,
    );
    return { extractor: this.kind, index: page.index, page: answer };
  }

  async assemble(readings: PageReading[]): Promise<ExtractedPoem[]> {
    return joinPages(ownReadings<PageAnswer>(this.kind, readings).map((r) => ({ index: r.index, answer: r.page })));
  }

  async extractPoems(pages: PageImage[], onProgress?: (progress: ExtractionProgress) => void): Promise<ExtractedPoem[]> {
    let done = 0;
    const readings = await mapWithConcurrency(pages, this.concurrency, async (page) => {
      const reading = await this.readPage(page);
      done++;
      onProgress?.({ pagesDone: done, pagesTotal: pages.length });
      return reading;
    });
    return this.assemble(readings);
  }

  async extractMetadata(images: PageImage[]): Promise<ExtractedMetadata> {
    const answer = await this.ask(
      METADATA_PROMPT,
      [
        { type: 'text', text: `These ${images.length} photo(s) show the book's cover, title and copyright pages.` },
        ...images.map((image) => ({ type: 'image_url' as const, image_url: { url: dataUrl(image), detail: 'high' as const } })),
      ],
      'publication_metadata',
      METADATA_SCHEMA,
      isMetadata,
    );
    // The model may misread a figure: an ISBN is kept only when its check digit is right.
    const isbn = answer.isbn.trim() ? readIsbn(`ISBN ${answer.isbn.trim()}`) : { isbn: '' };
    const unreadable = isbn.unreadable ? unreadableIsbnNote(isbn.unreadable) : '';
    // The model's answer for the language, else a guess from what it read.
    const language =
      canonicalLanguage(answer.language?.trim()) ?? proposeLanguage([answer.title, answer.publisher, answer.notes].join('\n'));
    return {
      title: answer.title.trim(),
      authors: answer.authors.map((a) => a.trim()).filter(Boolean),
      publisher: answer.publisher.trim(),
      publication_date: answer.publication_date.trim(),
      isbn: isbn.isbn,
      notes: [answer.notes.trim(), unreadable].filter(Boolean).join('\n'),
      ...(language ? { language } : {}),
    };
  }

  async close(): Promise<void> {
    // The SDK holds no connections that need closing.
  }
}
