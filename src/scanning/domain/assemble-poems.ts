import { DUPLICATE_THRESHOLD, poemSimilarity } from './duplicates/poem-similarity.js';
import { joinAtPageTurn, PAGE_TURN, resolveTurns } from './page-turns.js';
import { followsUploads } from './page-reading/folios.js';
import { continuesScene } from './page-reading/speaker-labels.js';

/**
 * The one assembler: what an extractor read on each page of a batch, in book order, turned into
 * poems. Both extractors (the offline layout analysis and the OpenAI vision model) read pages
 * into these per-page readings and leave the joining to this function, so a page that begins
 * mid-poem is handled the same whoever read it; across uploads, runOnHeldPoem joins such a page to
 * the poem the publication already ends with.
 */

/** A poem as read from a batch of pages. */
export interface AssembledPoem {
  /** The printed title; an untitled poem takes its first line. */
  title: string;
  /** Lines as printed: '\n' between lines, an empty line between stanzas, leading spaces for indentation. */
  body: string;
  /** Printed page numbers where legible (empty when none could be read). */
  page_numbers: number[];
  /** Indexes (PageImage.index) of the batch pages the poem was read from, in order. */
  source_pages: number[];
  /**
   * Set on the batch's first poem when the first page begins inside a poem that started on an
   * earlier page the batch does not hold (no title above its lines); `stanzaBreak` when that page
   * shows a stanza beginning at its top. Until it is joined, it is titled with its first line.
   */
  continues?: { stanzaBreak: boolean };
  /** Its lines with text, in order, with what was read of each (a stanza break is none). */
  lines?: AssembledLine[];
}

export interface PoemBlock {
  /** Absent when the page begins inside a poem that started earlier. */
  title?: string;
  /** Body lines with leading spaces for indentation and '' for stanza breaks. */
  lines: string[];
  /** What was read of each of `lines`, where the extractor knows it (the offline reading). */
  reads?: Array<LineRead | null>;
}

/** What the reading knows of one line: where it stands on its page's photo and its words. */
export interface LineRead {
  /** Its box on the photo read, in shares of the photo's width and height (0 to 1). */
  box: { x: number; y: number; width: number; height: number } | null;
  /** Its words in order, as they stand in the line, with the recogniser's confidence (0 to 1). */
  words: Array<{ text: string; confidence: number }>;
}

/** A line of a poem with what was read of it: the proofreading's raw material. */
export interface AssembledLine extends LineRead {
  /** The line as the assembler set it in the body. */
  text: string;
  /** PageImage.index of the page it was read from. */
  source: number;
  /** That page's printed number, when legible. */
  pageNumber?: number;
}

/** What one page holds, as an extractor read it. */
export interface PageLayout {
  index: number;
  pageNumber?: number;
  blocks: PoemBlock[];
  /**
   * The page's verse stops a line or more short of the text block's foot, which the batch's other
   * pages show (room was left for another line: a stanza ends at the turn).
   */
  endsShort?: boolean;
  /** The page's first line is verse set a line or more below the text block's top (a stanza begins there). */
  startsLow?: boolean;
}

/**
 * Joins the pages' blocks into poems in book order: a page that begins without a title continues
 * the poem the previous page ended with (after a stanza break when that page ended short of the
 * text block; when that is not known, as the poem's stanzas show); an untitled poem with nothing to
 * continue takes its first line as its title and is marked as continuing a poem from before the batch.
 */
export function assemblePoems(pages: PageLayout[]): AssembledPoem[] {
  const poems: AssembledPoem[] = [];
  // A poem's pages are those that hold its verse; a title set at the foot of a page alone is not.
  const addLines = (poem: AssembledPoem, page: PageLayout, block: PoemBlock) => {
    block.lines.forEach((text, i) => {
      if (text.trim() === '') return;
      const read = block.reads?.[i];
      (poem.lines ??= []).push({
        text,
        source: page.index,
        ...(page.pageNumber !== undefined ? { pageNumber: page.pageNumber } : {}),
        box: read?.box ?? null,
        words: read?.words ?? [],
      });
    });
  };
  const addPage = (poem: AssembledPoem, page: PageLayout, withVerse: boolean) => {
    if (withVerse && page.pageNumber !== undefined && !poem.page_numbers.includes(page.pageNumber)) poem.page_numbers.push(page.pageNumber);
    if (!poem.source_pages.includes(page.index)) poem.source_pages.push(page.index);
  };
  let previousPage: PageLayout | undefined;
  for (const page of pages) {
    for (const [k, block] of page.blocks.entries()) {
      const body = trimBlankLines(block.lines);
      const current = poems[poems.length - 1];
      if (block.title === undefined && current) {
        if (body.length) {
          let turn = '';
          if (k === 0 && current.body && previousPage) turn = previousPage.endsShort || page.startsLow ? '\n' : `${PAGE_TURN}\n`;
          current.body = current.body ? `${current.body}\n${turn}${body.join('\n')}` : body.join('\n');
          addPage(current, page, true);
          addLines(current, page, block);
        }
        continue;
      }
      if (block.title === undefined && body.length === 0) continue;
      const poem: AssembledPoem = {
        title: block.title ?? body.find((l) => l.trim() !== '')!.trim(),
        body: body.join('\n'),
        page_numbers: [],
        source_pages: [],
        ...(block.title === undefined ? { continues: { stanzaBreak: page.startsLow === true } } : {}),
      };
      addPage(poem, page, body.length > 0);
      addLines(poem, page, block);
      poems.push(poem);
    }
    previousPage = page;
  }
  return poems.map((poem) => ({ ...poem, body: resolveTurns(poem.body) }));
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].trim() === '') start++;
  while (end > start && lines[end - 1].trim() === '') end--;
  return lines.slice(start, end);
}

/** A poem the publication already holds, as the assembler needs it to run on across uploads. */
export interface HeldPoem {
  body: string;
  /** Printed page numbers where legible (empty when none could be read). */
  pageNumbers: number[];
}

/** How a batch that begins mid-poem meets the poems the publication already holds. */
export type RunOn<P extends HeldPoem> =
  /** `poem` already ends with the continuation's lines: the same page sent again, or a retried job that ran it on. */
  | { kind: 'held'; poem: P }
  /** The continuation runs `poem` on: `body` and `pageNumbers` are the poem joined across the page turn. */
  | { kind: 'joined'; poem: P; body: string; pageNumbers: number[] };

/** The publication's pages sent before the batch, in upload order, as their folios place a new page. */
export interface UploadedPages {
  /** Each page's printed number where one was read. */
  folios: Array<number | undefined>;
  /** Whether the publication's last poem was read from the last of them. */
  lastPoemOnLastPage: boolean;
}

const verseLines = (body: string) => body.split('\n').filter((l) => l.trim() !== '');

/**
 * A page that begins mid-poem continues the last poem, across uploads: given a poem marked
 * `continues` and the publication's poems in reading order (poems of the same job left out), the
 * poem it runs on, joined. A poem already ending with the continuation's lines (by similarity at
 * the duplicate threshold) holds it; otherwise only the publication's last poem is continued, by a
 * batch's first poem (`batchStart`), and only when the continuation's first printed page is the
 * page after that poem's last one: without printed page numbers nothing shows the pages follow
 * each other, and the continuation stays a poem of its own (undefined). A play's scene is the
 * exception: its speakers show a page carries it on (continuesScene), so it is continued unless
 * the printed numbers show the page comes before. Given the publication's earlier pages
 * (`uploads`), the folios are read as one run (followsUploads): a page ending the last poem with
 * its folio unread or misread takes its number from the run, and the continuation runs the poem on
 * when it is, by the run, the next page; that page's number is then the one the joined poem keeps.
 */
export function runOnHeldPoem<P extends HeldPoem>(
  continuation: AssembledPoem,
  held: readonly P[],
  options: { batchStart: boolean; uploads?: UploadedPages },
): RunOn<P> | undefined {
  if (!continuation.continues) return undefined;
  const lines = verseLines(continuation.body);
  const holding = held.find((p) => {
    const tail = verseLines(p.body).slice(-lines.length);
    return tail.length === lines.length && poemSimilarity(tail.join('\n'), lines.join('\n')) >= DUPLICATE_THRESHOLD;
  });
  if (holding) return { kind: 'held', poem: holding };
  const last = held[held.length - 1];
  if (!options.batchStart || !last) return undefined;
  const folios = last.pageNumbers.length > 0 && continuation.page_numbers.length > 0;
  const lastFolio = Math.max(...last.pageNumbers);
  const next = folios && continuation.page_numbers[0] === lastFolio + 1;
  // A play's scene runs on over a page whose number cannot be read, or past pages not sent (a
  // page of notes left out): its speakers show it, unless the numbers show it comes before.
  const scene = !(folios && continuation.page_numbers[0] <= lastFolio) && continuesScene(last.body, continuation.body);
  const { uploads } = options;
  const lastPage = uploads?.lastPoemOnLastPage ? followsUploads(uploads.folios, continuation.page_numbers[0]) : undefined;
  if (!next && !scene && lastPage === undefined) return undefined;
  // The last page's folio, read wrong or not at all, is the one the run gives it.
  const read = uploads?.folios[uploads.folios.length - 1];
  const heldNumbers =
    !next && lastPage !== undefined && read !== lastPage ? [...last.pageNumbers.filter((n) => n !== read), lastPage] : last.pageNumbers;
  return {
    kind: 'joined',
    poem: last,
    body: joinAtPageTurn(last.body, continuation.body, continuation.continues.stanzaBreak),
    pageNumbers: [...new Set([...heldNumbers, ...continuation.page_numbers])],
  };
}
