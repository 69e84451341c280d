import { Inject, Injectable, Logger } from '@nestjs/common';
import { CATALOG_READ_API, CATALOG_WRITE_API, type CatalogReadApi, type CatalogWriteApi } from '../../catalog/index.js';
import {
  alignReading,
  capitalsSplits,
  lostAccents,
  misplacedCapitals,
  pageThreshold,
  splitWords,
  unpairedMarks,
  type Poem,
  type ReadLine,
  type ReadWord,
} from '../../catalog/index.js';
import { locateWords } from '../domain/line-words.js';
import { recurringSpeakers } from '../domain/page-reading/speaker-labels.js';
import { WORD_LISTS, type WordLists } from './ports/word-lists.port.js';
import { BatchTriage, type DuplicateFound } from '../domain/batch-triage.js';
import { POEM_EXTRACTOR, type ExtractedPoem, type PageImage, type PoemExtractor } from './ports/extraction.port.js';
import { withoutRefusedCharacters } from '../../common/text-rules.js';
import { naturalCase } from '../domain/natural-case.js';
import { PAGE_IMAGES, type PageImages } from './ports/page-images.port.js';
import { FILE_STORE, FileNotStoredError, type FileStore } from '../../media/index.js';
import { pageToRead } from './reading-copies.js';
import { SCAN_PAGES, type ScanPages } from './ports/scan-pages.port.js';
import type { ScanJobProgress } from '../../../contracts/scanning.js';
import type { JobContext } from '../../queue/index.js';
import { ScanError } from '../domain/scan.errors.js';
import type { ScanOutcome, StoredPageRef } from './scan-job.types.js';

export interface ScanRun {
  jobId: string;
  publicationId: number;
  pages: StoredPageRef[];
  /**
   * Reprocess: a poem whose title matches a poem already read from the same page is already there,
   * even if the admin has since edited its text beyond the similarity threshold.
   */
  samePageTitlesCount: boolean;
}

/** The key that makes a scanned poem idempotent: the same job never adds its n-th poem twice. */
export function sourceKey(jobId: string, index: number): string {
  return `${jobId}:${index}`;
}

/**
 * The work of a scan job: read the stored pages, extract poems, skip the ones already there, run
 * on the publication's last poem when the batch begins with its rest, add the others in one
 * transaction and link them to their pages. Every write happens after extraction, so a failure
 * anywhere before leaves the publication exactly as it was; new poems are keyed and a run-on is
 * recognised by its lines already ending the poem, so a retried or repeated job never adds twice.
 */
@Injectable()
export class PoemScanner {
  private readonly logger = new Logger('PoemScanner');

  constructor(
    @Inject(POEM_EXTRACTOR) private readonly extractor: PoemExtractor,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(SCAN_PAGES) private readonly pagesRepo: ScanPages,
    @Inject(PAGE_IMAGES) private readonly images: PageImages,
    @Inject(CATALOG_READ_API) private readonly queries: CatalogReadApi,
    @Inject(CATALOG_WRITE_API) private readonly commands: CatalogWriteApi,
    @Inject(WORD_LISTS) private readonly wordLists: WordLists,
  ) {}

  async run(run: ScanRun, context: JobContext<ScanJobProgress>): Promise<ScanOutcome> {
    const { publicationId, pages } = run;
    const publication = await this.queries.getPublication(publicationId, { staff: true });
    if (publication.deletedAt) throw ScanError.publicationInTrash();

    await context.reportProgress({ pages_done: 0, pages_total: pages.length });
    // The text a page beginning mid-scene continues: a play's earlier pages tell its speakers' names.
    const held = await this.queries.listPoems(publicationId, { staff: true });
    return this.addPoems(run, await this.extract(pages, context, publication, held[held.length - 1]?.body), context);
  }

  /**
   * Adds the poems read from a run's pages (in book order, `source_pages` naming their
   * StoredPageRef.index): the same rules for a batch scan and a whole-book import's assembly.
   */
  async addPoems(
    run: ScanRun,
    candidates: ExtractedPoem[],
    context: Pick<JobContext<ScanJobProgress>, 'attempt' | 'reportProgress'>,
  ): Promise<ScanOutcome> {
    const { jobId, publicationId, pages } = run;
    const total = pages.length;
    // A candidate without a line of verse is a heading or stray title, never a poem; titles
    // printed in capitals are kept in their natural case, and characters no curator could save go.
    const extracted = candidates
      .map((p) => ({ ...p, title: naturalCase(withoutRefusedCharacters(p.title)), body: withoutRefusedCharacters(p.body) }))
      .filter((p) => p.body.trim() !== '');
    const emptyDropped = candidates.length - extracted.length;
    const readLines = await this.readLines(extracted, pages, publicationId);

    const keys = extracted.map((_, i) => sourceKey(jobId, i));
    const alreadyAdded = await this.commands.poemIdsForSourceKeys(keys);
    const ownByIndex = new Map<number, number>();
    keys.forEach((key, i) => {
      const id = alreadyAdded.get(key);
      if (id !== undefined) ownByIndex.set(i, id);
    });
    const current = await this.queries.listPoems(publicationId, { staff: true });
    const triage = new BatchTriage({
      current,
      ownByIndex,
      // A first attempt that finds poems under its own keys is the same upload sent again.
      repeatedUpload: context.attempt === 1,
      samePagePoems: run.samePageTitlesCount ? await this.poemsByPage(pages, current) : undefined,
      uploadedBefore: await this.uploadedBefore(publicationId, pages),
    });

    const toAdd: Array<{ index: number; poem: ExtractedPoem }> = [];
    const duplicates: Array<{ found: DuplicateFound; batchIndex?: number }> = [];
    const continued: Array<{ poem: Poem; from: ExtractedPoem }> = [];
    for (const [index, poem] of extracted.entries()) {
      let decision = triage.decide(index, poem);
      if (decision.kind === 'join') {
        const { poem: held, body, pageNumbers } = decision;
        const poemNow = await this.commands.continueScannedPoem(held.id, {
          was: held.body,
          body,
          pageNumbers,
          reading: readLines.get(poem),
        });
        // Null when the poem changed since it was read: the continuation is then taken as a poem of its own.
        decision = poemNow ? { kind: 'continues', poem: poemNow } : triage.decide(index, poem, { joinRefused: true });
      }
      if (decision.kind === 'continues') continued.push({ poem: decision.poem, from: poem });
      else if (decision.kind === 'duplicate') duplicates.push(decision);
      else if (decision.kind === 'add') toAdd.push({ index, poem });
    }

    const created = toAdd.length
      ? await this.commands.addScannedPoems(
          publicationId,
          toAdd.map(({ index, poem }) => ({
            title: poem.title,
            body: poem.body,
            pageNumbers: poem.page_numbers,
            sourceKey: keys[index],
            ...(readLines.get(poem)?.length ? { reading: alignReading(readLines.get(poem)!, poem.body) } : {}),
          })),
        )
      : [];
    const createdByIndex = new Map(toAdd.map(({ index }, k) => [index, created[k]]));
    await this.linkPages(toAdd, created, pages);
    await this.linkPages(
      continued.map((c) => ({ poem: c.from })),
      continued.map((c) => c.poem),
      pages,
    );

    // Read to the end: these pages no longer wait for a scan, whether or not they gave new poems.
    await this.pagesRepo.markScanned(pages.map((p) => p.scanPageId));
    await context.reportProgress({ pages_done: total, pages_total: total });
    const found: DuplicateFound[] = duplicates.map(({ found: d, batchIndex }) =>
      batchIndex === undefined ? d : { ...d, matched: { id: createdByIndex.get(batchIndex)?.id ?? null, title: d.matched.title } },
    );
    this.logger.log(
      `Job ${jobId}: ${extracted.length} poems on ${total} pages, ${created.length} added, ${continued.length} continued, ${found.length} duplicates, ${emptyDropped} empty dropped`,
    );
    return {
      jobId,
      publicationId,
      added: created,
      continued: continued.map((c) => ({ id: c.poem.id, title: c.poem.title })),
      duplicates: found,
      emptyDropped,
      pagesTotal: total,
    };
  }

  /**
   * What was read of each poem's lines, for proofreading: each line's page photo and box on it (in
   * the photo's pixels as it stands upright: the extractor measured it on the reading copy, a
   * scaled copy of the same), and its words where they stand in the line, with their confidence
   * and whether the book language's word list holds them; and each page's own confidence threshold,
   * from all the lines read on it (pageThreshold). Neither a photo nor a word list that fails to
   * answer fails the scan: its lines go without boxes, its words without that mark.
   */
  private async readLines(poems: ExtractedPoem[], pages: StoredPageRef[], publicationId: number): Promise<Map<ExtractedPoem, ReadLine[]>> {
    const lines = poems.flatMap((p) => p.lines ?? []);
    const result = new Map<ExtractedPoem, ReadLine[]>();
    if (lines.length === 0) return result;
    const { language } = await this.queries.getPublication(publicationId, { staff: true });
    const byIndex = new Map(pages.map((p) => [p.index, p]));
    const sizes = new Map<number, Promise<{ width: number; height: number } | undefined>>();
    const sizeOf = (page: StoredPageRef) => {
      let size = sizes.get(page.index);
      if (!size) {
        size = this.store
          .get(page.storageKey)
          .then((data) => this.images.photoSize(data, page.rotation))
          .catch(() => undefined);
        sizes.set(page.index, size);
      }
      return size;
    };
    const onPage = new Map<number, ReadLine[]>();
    const asRead = new Map<ReadWord, string>();
    const speakerWords = new Set<ReadWord>();
    for (const poem of poems) {
      const read: ReadLine[] = [];
      // A play's people are in no word list: a speaker's name read alike at several speeches is no doubt.
      const names = recurringSpeakers(poem.body);
      for (const line of poem.lines ?? []) {
        const page = byIndex.get(line.source);
        const text = withoutRefusedCharacters(line.text);
        const size = line.box && page ? await sizeOf(page) : undefined;
        const readLine: ReadLine = {
          text,
          page: line.pageNumber ?? null,
          photo: page?.scanPageId ?? null,
          box:
            line.box && size
              ? {
                  x: Math.round(line.box.x * size.width),
                  y: Math.round(line.box.y * size.height),
                  width: Math.round(line.box.width * size.width),
                  height: Math.round(line.box.height * size.height),
                }
              : null,
          words: [],
        };
        for (const w of locateWords(text, line.words)) {
          const word = { start: w.start, end: w.end, confidence: w.confidence };
          readLine.words.push(word);
          asRead.set(word, w.text);
          if (names.has(text.trim())) speakerWords.add(word);
        }
        read.push(readLine);
        onPage.set(line.source, [...(onPage.get(line.source) ?? []), readLine]);
      }
      for (const word of unpairedMarks(read, language)) word.unpaired = true;
      for (const word of misplacedCapitals(read, language)) word.capital = true;
      for (const word of lostAccents(read, language)) word.lostAccent = true;
      result.set(poem, read);
    }
    // The words as read, and the words that capitals read apart may make, looked up at once.
    const all = [...result.values()].flat();
    const joins = all.flatMap((line) => capitalsSplits(line).map((pair) => pair.join));
    const unknown = await this.wordLists.unknownWords([...new Set([...asRead.values(), ...joins])], language).catch((err: Error) => {
      this.logger.warn(`The word list of "${language}" did not answer; no word is marked unknown: ${err.message}`);
      return undefined;
    });
    if (unknown) {
      for (const line of all)
        for (const word of line.words) if (unknown.has(asRead.get(word)!) && !speakerWords.has(word)) word.unknown = true;
      for (const word of splitWords(all, (join) => !unknown.has(join))) word.split = true;
    }
    for (const lines of onPage.values()) {
      const doubtBelow = pageThreshold(lines);
      for (const line of lines) line.doubtBelow = doubtBelow;
    }
    return result;
  }

  /**
   * Poems of all pages, in book order. Pages of different uploads are read as separate runs, since
   * only the pages of one upload are known to follow each other in the book; each run is read
   * knowing the text it may continue (`heldText`, then the previous run's last poem).
   */
  private async extract(
    pages: StoredPageRef[],
    context: JobContext<ScanJobProgress>,
    { language, title, authors }: { language: string; title: string; authors: string[] },
    heldText: string | undefined,
  ): Promise<ExtractedPoem[]> {
    const runs: StoredPageRef[][] = [];
    for (const page of pages) {
      const last = runs[runs.length - 1];
      if (last && last[0].uploadJobId === page.uploadJobId) last.push(page);
      else runs.push([page]);
    }
    const total = pages.length;
    const poems: ExtractedPoem[] = [];
    let before = 0;
    for (const run of runs) {
      // Read in the book's language (its OCR model; the AI is told it).
      const images = (await this.loadImages(run)).map((image) => ({ ...image, language }));
      const offset = before;
      poems.push(
        ...(await this.extractor.extractPoems(
          images,
          (p) => {
            void context.reportProgress({ pages_done: Math.min(offset + p.pagesDone, total), pages_total: total }).catch(() => undefined);
          },
          // The book's title and poets, which its running heads print, and the text the pages may continue.
          { names: { title, authors }, before: poems[poems.length - 1]?.body ?? heldText },
        )),
      );
      before += run.length;
    }
    return poems;
  }

  private async loadImages(pages: StoredPageRef[]): Promise<PageImage[]> {
    const images: PageImage[] = [];
    for (const page of pages) {
      try {
        images.push(await pageToRead(this.store, this.images, { ...page, label: `Page ${page.index + 1}` }));
      } catch (err) {
        if (err instanceof FileNotStoredError) {
          throw new ScanError('SCAN.PAGE_NOT_FOUND', `Page ${page.index + 1} of this scan is missing from the page store.`);
        }
        throw err;
      }
    }
    return images;
  }

  /** Poems read earlier from each page of this run, by batch index. */
  private async poemsByPage(pages: StoredPageRef[], existing: Poem[]): Promise<Map<number, Poem[]>> {
    const byId = new Map(existing.map((p) => [p.id, p]));
    const links = await this.pagesRepo.poemsOnPages(pages.map((p) => p.scanPageId));
    const indexByPage = new Map(pages.map((p) => [p.scanPageId, p.index]));
    const result = new Map<number, Poem[]>();
    for (const link of links) {
      const poem = byId.get(Number(link.poem_id));
      const index = indexByPage.get(Number(link.scan_page_id));
      if (!poem || index === undefined) continue;
      result.set(index, [...(result.get(index) ?? []), poem]);
    }
    return result;
  }

  /** The publication's pages sent before these, in upload order: their printed numbers, and the poems of the last. */
  private async uploadedBefore(
    publicationId: number,
    pages: StoredPageRef[],
  ): Promise<{ folios: Array<number | undefined>; lastPagePoems: number[] } | undefined> {
    if (pages.length === 0) return undefined;
    const first = Math.min(...pages.map((p) => p.scanPageId));
    const earlier = (await this.pagesRepo.listForPublication(publicationId)).filter((p) => p.id < first);
    const last = earlier[earlier.length - 1];
    if (!last) return undefined;
    const links = await this.pagesRepo.poemsOnPages([last.id]);
    return { folios: earlier.map((p) => p.page_number ?? undefined), lastPagePoems: links.map((l) => Number(l.poem_id)) };
  }

  private async linkPages(toAdd: Array<{ poem: ExtractedPoem }>, created: Poem[], pages: StoredPageRef[]): Promise<void> {
    const byIndex = new Map(pages.map((p) => [p.index, p]));
    for (const [k, { poem }] of toAdd.entries()) {
      const target = created[k];
      if (!target) continue;
      const stored = poem.source_pages.map((i) => byIndex.get(i)).filter((p): p is StoredPageRef => !!p);
      await this.pagesRepo.linkPoem(
        target.id,
        stored.map((p) => p.scanPageId),
      );
      // A poem read from n pages with n legible page numbers tells each page its printed number.
      if (stored.length === poem.page_numbers.length) {
        for (const [i, page] of stored.entries()) await this.pagesRepo.setPageNumber(page.scanPageId, poem.page_numbers[i]);
      }
    }
  }
}
