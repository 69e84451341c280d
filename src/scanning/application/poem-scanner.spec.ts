import { describe, expect, it } from 'vitest';
import { fakeCatalog } from '../../../test/support/fakes/catalog.js';
import { FakeExtractor } from '../../../test/support/fakes/extractor.js';
import { FakePageImages, pagePhoto } from '../../../test/support/fakes/page-photos.js';
import { FakeFileStore } from '../../../test/support/fakes/file-store.js';
import { FakeScanPages } from '../../../test/support/fakes/scan-pages.js';
import type { CatalogWriteApi } from '../../catalog/index.js';
import type { ScanJobProgress } from '../../../contracts/scanning.js';
import type { ExtractedPoem } from './ports/extraction.port.js';
import { pagePhotoKey, sha256 } from './page-intake.js';
import { PoemScanner, sourceKey } from './poem-scanner.js';
import { keepPhoto } from './reading-copies.js';
import type { StoredPageRef } from './scan-job.types.js';

const SWALLOWS = [
  'The swallows gather on the wire',
  'and count the fields they flew,',
  'the barley gone, the stubble fire,',
  'the evenings wet with dew.',
];
const LANTERN = [
  'A lantern swings above the gate',
  'and counts the moths that come too late;',
  'the dog lies dreaming by the door',
  'of rabbits he will chase no more.',
];
const HARBOUR = [
  'Grey water folds against the stone,',
  'the gulls go over one by one,',
  'the nets are mended, tarred and dry,',
  'and every boat is drawn up high.',
];
const verse = (lines: string[]) => lines.join('\n');

/** A publication, its page archive, and the scanner over them, each port a fake. */
async function scanning(options: { commands?: (real: CatalogWriteApi) => CatalogWriteApi } = {}) {
  const catalog = fakeCatalog();
  const store = new FakeFileStore();
  const images = new FakePageImages();
  const archive = new FakeScanPages();
  const extractor = new FakeExtractor();
  const commands = options.commands?.(catalog.commands) ?? catalog.commands;
  // The word lists know every word but those spelt "lovliest" and people's names (set in capitals here).
  const wordLists = {
    unknownWords: async (words: string[]) => new Set(words.filter((w) => w.startsWith('lovliest') || /^\p{Lu}{2,}$/u.test(w))),
  };
  const scanner = new PoemScanner(extractor, store, archive, images, catalog.queries, commands, wordLists);
  const book = await catalog.commands.createPublication({
    title: 'Field Notes',
    authors: ['A. Poet'],
    publisher: '',
    publicationDate: '',
    isbn: '',
    notes: '',
  });
  let uploads = 0;

  /** Page photos kept as ScanService keeps an upload's: photo and reading copy stored, rows saved. */
  async function upload(texts: string[], jobId = `scan-${book.id}-${sha256(String(++uploads)).slice(0, 32)}`) {
    const rows = [];
    for (const [index, text] of texts.entries()) {
      const photo = pagePhoto(text);
      const storageKey = pagePhotoKey(book.id, jobId, index, 'image/jpeg');
      await keepPhoto(store, storageKey, photo, await images.normalise(photo, index));
      rows.push({
        publicationId: book.id,
        jobId,
        pageIndex: index,
        storageKey,
        mimeType: 'image/jpeg',
        byteSize: photo.length,
        sha256: sha256(photo),
      });
    }
    const pages: StoredPageRef[] = (await archive.savePages(rows)).map((r) => ({
      scanPageId: r.id,
      index: r.page_index,
      storageKey: r.storage_key,
      mimeType: r.mime_type,
    }));
    return { jobId, pages };
  }

  const progress: ScanJobProgress[] = [];
  const context = (jobId: string, attempt = 1) => ({ jobId, attempt, reportProgress: async (p: ScanJobProgress) => void progress.push(p) });

  /** Uploads pages and runs the scan job over them. */
  async function scan(texts: string[], options: { jobId?: string; attempt?: number } = {}) {
    const { jobId, pages } = await upload(texts, options.jobId);
    const outcome = await scanner.run(
      { jobId, publicationId: book.id, pages, samePageTitlesCount: false },
      context(jobId, options.attempt),
    );
    return { outcome, pages, jobId };
  }

  const poems = () => catalog.queries.listPoems(book.id, { staff: true });
  return { ...catalog, store, images, archive, extractor, wordLists, scanner, book, upload, scan, context, progress, poems };
}

describe('PoemScanner: a scan of uploaded pages', () => {
  it('gives the layout the publication’s title and authors, which running heads print', async () => {
    const s = await scanning();
    await s.scan([`12\n# Swallows\n${verse(SWALLOWS)}`]);
    expect(s.extractor.booksNamed).toEqual([{ title: 'Field Notes', authors: ['A. Poet'] }]);
  });

  it('adds the poems read, in book order, each linked to its pages and telling each page its printed number', async () => {
    const s = await scanning();
    const { outcome, pages, jobId } = await s.scan([
      `12\n# Swallows\n${verse(SWALLOWS)}\n# Lantern\n${verse(LANTERN)}`,
      `13\n# Harbour\n${verse(HARBOUR)}`,
    ]);
    expect(outcome).toMatchObject({ jobId, publicationId: s.book.id, continued: [], duplicates: [], emptyDropped: 0, pagesTotal: 2 });
    expect(outcome.added.map((p) => [p.title, p.pageNumbers, p.position])).toEqual([
      ['Swallows', [12], 1],
      ['Lantern', [12], 2],
      ['Harbour', [13], 3],
    ]);
    expect((await s.poems()).map((p) => p.title)).toEqual(['Swallows', 'Lantern', 'Harbour']);
    expect((await s.archive.pagesOfPoem(outcome.added[2].id)).map((p) => p.id)).toEqual([pages[1].scanPageId]);
    expect((await s.archive.findPage(pages[0].scanPageId))!.page_number).toBe(12);
    expect(await s.archive.unscannedByUpload(s.book.id)).toEqual([]);
    expect(s.progress.at(0)).toEqual({ pages_done: 0, pages_total: 2 });
    expect(s.progress.at(-1)).toEqual({ pages_done: 2, pages_total: 2 });
    // The pages were read from the reading copies kept at upload, not decoded again.
    expect(s.images.normalised).toBe(2);
  });

  it('adds a poem running over a page turn once, linked to both pages in reading order', async () => {
    const s = await scanning();
    const { outcome, pages } = await s.scan([`4\n# Swallows\n${verse(SWALLOWS.slice(0, 2))}`, `5\n${verse(SWALLOWS.slice(2))}`]);
    expect(outcome.added).toHaveLength(1);
    expect(outcome.added[0]).toMatchObject({ title: 'Swallows', body: verse(SWALLOWS), pageNumbers: [4, 5] });
    expect((await s.archive.pagesOfPoem(outcome.added[0].id)).map((p) => p.id)).toEqual(pages.map((p) => p.scanPageId));
  });

  it('refuses a publication in the trash (409) before reading a page', async () => {
    const s = await scanning();
    const { jobId, pages } = await s.upload([`# Swallows\n${verse(SWALLOWS)}`]);
    await s.commands.moveToTrash(s.book.id);
    await expect(
      s.scanner.run({ jobId, publicationId: s.book.id, pages, samePageTitlesCount: false }, s.context(jobId)),
    ).rejects.toMatchObject({
      code: 'SCAN.PUBLICATION_IN_TRASH',
      status: 409,
    });
    expect(s.extractor.pagesRead).toEqual([]);
    expect(await s.repo.listPoems(s.book.id)).toEqual([]);
  });

  it('fails with SCAN.PAGE_NOT_FOUND when a page left the store, adding nothing and leaving the pages unscanned', async () => {
    const s = await scanning();
    const { jobId, pages } = await s.upload([`# Swallows\n${verse(SWALLOWS)}`, `# Lantern\n${verse(LANTERN)}`]);
    await s.store.removeAll(`publications/${s.book.id}`);
    await expect(
      s.scanner.run({ jobId, publicationId: s.book.id, pages, samePageTitlesCount: false }, s.context(jobId)),
    ).rejects.toMatchObject({
      code: 'SCAN.PAGE_NOT_FOUND',
      status: 404,
      message: 'Page 1 of this scan is missing from the page store.',
    });
    expect(await s.poems()).toEqual([]);
    expect(await s.archive.unscannedByUpload(s.book.id)).toEqual([{ job_id: jobId, pages: 2 }]);
  });
});

describe('PoemScanner: what it adds of the poems read', () => {
  const candidate = (title: string, body: string, extra: Partial<ExtractedPoem> = {}): ExtractedPoem => ({
    title,
    body,
    page_numbers: [],
    source_pages: [0],
    ...extra,
  });

  it('drops headings without verse, keeps capitals titles in natural case and removes characters no curator could save', async () => {
    const s = await scanning();
    const { jobId, pages } = await s.upload(['blank']);
    const outcome = await s.scanner.addPoems(
      { jobId, publicationId: s.book.id, pages, samePageTitlesCount: false },
      [candidate('PART ONE', '   \n'), candidate('THE SWALLOWS', `${verse(SWALLOWS)}\u0000`)],
      s.context(jobId),
    );
    expect(outcome.emptyDropped).toBe(1);
    expect(outcome.added.map((p) => [p.title, p.body])).toEqual([['The Swallows', verse(SWALLOWS)]]);
    // The dropped heading did not take a key: the poem is the batch's first.
    expect(await s.commands.poemIdsForSourceKeys([sourceKey(jobId, 0)])).toEqual(new Map([[sourceKey(jobId, 0), outcome.added[0].id]]));
  });

  it('adds nothing twice when a job is retried after it was cut off, counting its own poems as added', async () => {
    const s = await scanning();
    const texts = [`# Swallows\n${verse(SWALLOWS)}\n# Lantern\n${verse(LANTERN)}`];
    const first = await s.scan(texts);
    const retry = await s.scanner.run(
      { jobId: first.jobId, publicationId: s.book.id, pages: first.pages, samePageTitlesCount: false },
      s.context(first.jobId, 2),
    );
    expect(retry.added.map((p) => p.id)).toEqual(first.outcome.added.map((p) => p.id));
    expect(retry.duplicates).toEqual([]);
    expect((await s.poems()).map((p) => p.title)).toEqual(['Swallows', 'Lantern']);
  });

  it('answers the same upload sent again with its poems as duplicates, adding nothing', async () => {
    const s = await scanning();
    const texts = [`# Swallows\n${verse(SWALLOWS)}`];
    const first = await s.scan(texts);
    const again = await s.scan(texts, { jobId: first.jobId });
    expect(again.outcome.added).toEqual([]);
    expect(again.outcome.duplicates).toEqual([
      { title: 'Swallows', matched: { id: first.outcome.added[0].id, title: 'Swallows' }, similarity: 1, matchedIn: 'publication' },
    ]);
    expect(await s.poems()).toHaveLength(1);
  });

  it('skips a poem the publication already holds from another upload, naming the poem it matched', async () => {
    const s = await scanning();
    const typed = await s.commands.createPoem(s.book.id, { title: 'Swallows', body: verse(SWALLOWS) });
    const { outcome } = await s.scan([`# SWALLOWS\n${verse(SWALLOWS).replace('barley', 'barly')}`, `# Harbour\n${verse(HARBOUR)}`]);
    expect(outcome.added.map((p) => p.title)).toEqual(['Harbour']);
    expect(outcome.duplicates).toMatchObject([
      { title: 'Swallows', matched: { id: typed.id, title: 'Swallows' }, matchedIn: 'publication' },
    ]);
    expect(outcome.duplicates[0].similarity).toBeGreaterThanOrEqual(0.95);
    expect((await s.poems()).map((p) => p.title)).toEqual(['Swallows', 'Harbour']);
    // Its page gave nothing new, and was read to the end all the same: no page waits for a scan.
    expect(await s.archive.unscannedByUpload(s.book.id)).toEqual([]);
  });

  it('skips the second photo of one poem in a batch, naming the poem the first one added', async () => {
    const s = await scanning();
    const page = `# Lantern\n${verse(LANTERN)}`;
    const { outcome } = await s.scan([page, page]);
    expect(outcome.added.map((p) => p.title)).toEqual(['Lantern']);
    expect(outcome.duplicates).toEqual([
      { title: 'Lantern', matched: { id: outcome.added[0].id, title: 'Lantern' }, similarity: 1, matchedIn: 'batch' },
    ]);
  });
});

describe('PoemScanner: a batch that begins mid-poem', () => {
  const firstHalf = `12\n# Swallows\n${verse(SWALLOWS.slice(0, 2))}`;
  const secondHalf = `13\n${verse(SWALLOWS.slice(2))}`;

  it("runs the publication's last poem on, over both printed pages, and links the page to it", async () => {
    const s = await scanning();
    const earlier = await s.scan([firstHalf]);
    const later = await s.scan([secondHalf]);
    expect(later.outcome.added).toEqual([]);
    expect(later.outcome.continued).toEqual([{ id: earlier.outcome.added[0].id, title: 'Swallows' }]);
    const [poem] = await s.poems();
    expect(poem).toMatchObject({ title: 'Swallows', body: verse(SWALLOWS), pageNumbers: [12, 13] });
    expect((await s.archive.pagesOfPoem(poem.id)).map((p) => p.id)).toEqual([earlier.pages[0].scanPageId, later.pages[0].scanPageId]);
  });

  it('runs it on once: the same continuation sent again is a duplicate, and a retry of the job finds it done', async () => {
    const s = await scanning();
    await s.scan([firstHalf]);
    const later = await s.scan([secondHalf]);
    const retried = await s.scanner.run(
      { jobId: later.jobId, publicationId: s.book.id, pages: later.pages, samePageTitlesCount: false },
      s.context(later.jobId, 2),
    );
    expect(retried.continued).toHaveLength(1);
    const sentAgain = await s.scan([secondHalf], { jobId: later.jobId });
    expect(sentAgain.outcome).toMatchObject({ added: [], continued: [] });
    expect(sentAgain.outcome.duplicates).toMatchObject([{ matched: { title: 'Swallows' }, similarity: 1 }]);
    const [poem] = await s.poems();
    expect(poem.body).toBe(verse(SWALLOWS));
  });

  it('runs it on when the page it ended on showed no number, as the pages sent before and after place that page', async () => {
    const s = await scanning();
    await s.scan([`11\n# Harbour\n${verse(HARBOUR)}`]);
    await s.scan([`# Swallows\n${verse(SWALLOWS.slice(0, 2))}`]);
    const { outcome } = await s.scan([secondHalf]);
    expect(outcome.added).toEqual([]);
    expect(outcome.continued.map((p) => p.title)).toEqual(['Swallows']);
    expect((await s.poems()).map((p) => [p.title, p.pageNumbers])).toEqual([
      ['Harbour', [11]],
      ['Swallows', [12, 13]],
    ]);
  });

  it('keeps the continuation as a poem of its own, titled by its first line, when the pages do not follow', async () => {
    const s = await scanning();
    await s.scan([firstHalf]);
    const { outcome } = await s.scan([`20\n${verse(SWALLOWS.slice(2))}`]);
    expect(outcome.continued).toEqual([]);
    expect(outcome.added.map((p) => p.title)).toEqual(['the barley gone, the stubble fire,']);
    expect((await s.poems())[0].body).toBe(verse(SWALLOWS.slice(0, 2)));
  });

  it('keeps the continuation apart, changing nothing, when a curator edited the poem while the pages were read', async () => {
    /** A curator's save, made while the scan's pages are being read. */
    const meanwhile: { edit?: () => Promise<unknown> } = {};
    const s = await scanning({
      commands: (real) => ({
        addScannedPoems: (id, poems) => real.addScannedPoems(id, poems),
        poemIdsForSourceKeys: (keys) => real.poemIdsForSourceKeys(keys),
        continueScannedPoem: async (id, change) => {
          await meanwhile.edit?.();
          return real.continueScannedPoem(id, change);
        },
      }),
    });
    const earlier = await s.scan([firstHalf]);
    const held = earlier.outcome.added[0];
    meanwhile.edit = () => s.commands.updatePoem(held.id, { body: `${held.body}\n(corrected)` });
    const { outcome } = await s.scan([secondHalf]);
    expect(outcome.continued).toEqual([]);
    expect(outcome.added.map((p) => p.title)).toEqual(['the barley gone, the stubble fire,']);
    expect((await s.repo.findPoem({ id: held.id }))!).toMatchObject({ body: `${held.body}\n(corrected)`, pageNumbers: [12] });
  });
});

describe('PoemScanner: reprocessing stored pages', () => {
  it('takes a poem whose title matches one read from the same page as already there, however much it was edited', async () => {
    const s = await scanning();
    const first = await s.scan([`# Swallows\n${verse(SWALLOWS)}`]);
    const poem = first.outcome.added[0];
    await s.commands.updatePoem(poem.id, { body: verse(HARBOUR) });
    const pages = first.pages.map((p) => ({ ...p, uploadJobId: first.jobId }));
    const run = (samePageTitlesCount: boolean) =>
      s.scanner.run(
        { jobId: `reprocess-${s.book.id}-${samePageTitlesCount}`, publicationId: s.book.id, pages, samePageTitlesCount },
        s.context('r'),
      );

    const reprocessed = await run(true);
    expect(reprocessed.added).toEqual([]);
    expect(reprocessed.duplicates).toMatchObject([{ title: 'Swallows', matched: { id: poem.id }, matchedIn: 'publication' }]);
    // Without the pages' own poems to go by, text that far apart is a new poem.
    expect((await run(false)).added.map((p) => p.title)).toEqual(['Swallows']);
  });
});

describe('PoemScanner: what was read of each line, kept for proofreading', () => {
  it('keeps each line its photo, its box in the photo’s pixels, its words’ confidences and the words the word list lacks', async () => {
    const s = await scanning();
    const { jobId, pages } = await s.upload(['a page']);
    const read = (text: string, y: number, confidences: number[]) => ({
      text,
      source: 0,
      pageNumber: 7,
      box: { x: 0.1, y, width: 0.5, height: 0.02 },
      words: text
        .trim()
        .split(' ')
        .map((word, i) => ({ text: word, confidence: confidences[i] ?? 0.95 })),
    });
    const poem: ExtractedPoem = {
      title: 'Lantern',
      body: 'A lantern swings\n\n  the lovliest light',
      page_numbers: [7],
      source_pages: [0],
      lines: [read('A lantern swings', 0.2, [0.95, 0.4]), read('  the lovliest light', 0.3, [])],
    };
    const outcome = await s.scanner.addPoems(
      { jobId, publicationId: s.book.id, pages, samePageTitlesCount: false },
      [poem],
      s.context(jobId),
    );
    const reading = (await s.repo.poemReading(outcome.added[0].id))!;
    // The fake photos are 1400 x 2000 pixels.
    expect(reading[0]).toEqual({
      text: 'A lantern swings',
      page: 7,
      photo: pages[0].scanPageId,
      box: { x: 140, y: 400, width: 700, height: 40 },
      words: [
        { start: 0, end: 1, confidence: 0.95 },
        { start: 2, end: 9, confidence: 0.4 },
        { start: 10, end: 16, confidence: 0.95 },
      ],
      // The page's word the list lacks already fills its share of marks: none for confidence.
      doubtBelow: 0.4,
    });
    expect(reading[1]).toBeNull();
    expect(reading[2]!.words[1]).toEqual({ start: 6, end: 14, confidence: 0.95, unknown: true });
  });

  it('does not take a play’s speaker’s name, read alike over several speeches, for a word the list lacks', async () => {
    const s = await scanning();
    const { jobId, pages } = await s.upload(['a page']);
    const read = (text: string) => ({
      text,
      source: 0,
      box: null,
      words: text
        .trim()
        .split(' ')
        .map((word) => ({ text: word, confidence: 0.95 })),
    });
    const speeches = [
      'MARTHA',
      'The lamp is low.',
      'THOMAS',
      'He will be here.',
      'MARTHA',
      'You said as much.',
      'EDMUND',
      'I saw a lantern.',
    ];
    const poem: ExtractedPoem = {
      title: 'Act One',
      body: speeches.join('\n\n'),
      page_numbers: [],
      source_pages: [0],
      lines: speeches.map(read),
    };
    const outcome = await s.scanner.addPoems(
      { jobId, publicationId: s.book.id, pages, samePageTitlesCount: false },
      [poem],
      s.context(jobId),
    );
    const reading = (await s.repo.poemReading(outcome.added[0].id))!.filter((l) => l !== null);
    const unknown = reading.filter((l) => l.words.some((w) => w.unknown)).map((l) => l.text);
    // Martha speaks twice; Thomas and Edmund, heard once on these pages, stay for the curator to check.
    expect(unknown).toEqual(['THOMAS', 'EDMUND']);
  });

  it('gives the lines of each page that page’s own confidence threshold, from all its lines', async () => {
    const s = await scanning();
    const { jobId, pages } = await s.upload(['a page', 'another page']);
    // Twenty words a page, all sure but one; the second page's last word is missing from the word list.
    const words = (source: number, last: string) => [
      ...Array.from({ length: 19 }, (_, i) => ({ text: i === 3 ? 'dim' : 'light', confidence: i === 3 ? 0.5 : 0.95 })),
      { text: last, confidence: 0.95 },
    ];
    const line = (source: number, last: string) => {
      const w = words(source, last);
      return { text: w.map((x) => x.text).join(' '), source, box: null, words: w };
    };
    const first = line(0, 'light');
    const second = line(1, 'lovliest');
    const poem: ExtractedPoem = {
      title: 'Lanterns',
      body: `${first.text}\n${second.text}`,
      page_numbers: [],
      source_pages: [0, 1],
      lines: [first, second],
    };
    const outcome = await s.scanner.addPoems(
      { jobId, publicationId: s.book.id, pages, samePageTitlesCount: false },
      [poem],
      s.context(jobId),
    );
    const reading = (await s.repo.poemReading(outcome.added[0].id))!;
    expect(reading.map((l) => l!.doubtBelow)).toEqual([0.8, 0.5]);
  });

  it('looks up what two words in capitals make joined, and marks the halves of a word read as two', async () => {
    const s = await scanning();
    const { jobId, pages } = await s.upload(['a page']);
    const asked: string[] = [];
    // The list knows the word, not its halves.
    s.wordLists.unknownWords = async (words: string[]) => {
      asked.push(...words);
      return new Set(words.filter((w) => w !== 'LANTERN'));
    };
    const line = { text: 'LANT ERN', source: 0, box: null, words: ['LANT', 'ERN'].map((text) => ({ text, confidence: 0.6 })) };
    const poem: ExtractedPoem = { title: 'Lantern', body: line.text, page_numbers: [], source_pages: [0], lines: [line] };
    const outcome = await s.scanner.addPoems(
      { jobId, publicationId: s.book.id, pages, samePageTitlesCount: false },
      [poem],
      s.context(jobId),
    );
    expect(asked).toEqual(['LANT', 'ERN', 'LANTERN']);
    const reading = (await s.repo.poemReading(outcome.added[0].id))!;
    expect(reading[0]!.words).toEqual([
      { start: 0, end: 4, confidence: 0.6, unknown: true, split: true },
      { start: 5, end: 8, confidence: 0.6, unknown: true, split: true },
    ]);
  });
});
