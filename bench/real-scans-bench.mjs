#!/usr/bin/env node
/**
 * Real-scans benchmark for the offline extractor (run by `npm run bench:scan` after the
 * extraction set).
 *
 * Scores extraction on real scans of printed verse books (../shared/real-scans, or --set DIR)
 * exactly as that set's README defines the measures: the compiled app runs on in-memory PGlite
 * with the in-process queue and the offline extractor; each scored page is uploaded alone to a
 * new publication with its book's title, author and language, and its poems read back through the API. Prints CER, verse lines kept and
 * indentation kept per book and in total, and seconds per page (steady state, after a warm-up
 * upload) with the CPU seconds they took. Exits non-zero when a goal is missed.
 *
 * With --one-publication, each book's scored pages are instead sent one per upload, in page order,
 * into one publication per book, as a curator scanning a book page by page does: it prints per book
 * the poems made, how many of them are titled with a speaker's name (a play's speeches read as
 * poems), and the number of poems the truth shows.
 *
 * Usage: node bench/real-scans-bench.mjs [--set DIR] [--book NAME] [--page NAME] [--verbose] [--json] [--one-publication]
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { availableParallelism, loadavg } from 'node:os';
import { addCounts, extractedText, rates, readRealScans, scorePage, truthPoems } from '../test/support/real-scans/score.mjs';
import { createPublication, loadNote, printTable, reportGoals, withEmbeddedArchive } from './lib/embedded-scan-app.mjs';
import {
  addDoubtCounts,
  addDoubts,
  cropReader,
  doubtCounts,
  doubtRates,
  PROOFREADING_GOALS,
  readingsOf,
  sweepNote,
} from './lib/proofreading-score.mjs';

const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: process.env.REAL_SCANS ?? '../shared/real-scans' },
    book: { type: 'string' },
    page: { type: 'string' },
    dist: { type: 'string', default: 'dist/server' },
    verbose: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'one-publication': { type: 'boolean', default: false },
  },
});

/** The goals of the real-scans README: lines and indentation on every book, CER on the English one. */
const GOALS = { lines: 0.95, indentation: 0.9, englishCer: 0.02, secondsPerPage: 1.5 };

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const mime = (name) => (name.endsWith('.png') ? 'image/png' : 'image/jpeg');

async function main() {
  const books = readRealScans(resolve(args.set))
    .filter((b) => !args.book || b.name.includes(args.book))
    .map((b) => ({ ...b, pages: b.pages.filter((p) => !args.page || p.name.includes(args.page)) }))
    .filter((b) => b.pages.length);
  const crops = await cropReader(args.dist);
  await withEmbeddedArchive(args.dist, async ({ call, app }) => {
    // Each book is read in its own language, as a curator sets it: the set names it in English.
    const names = new Intl.DisplayNames(['en'], { type: 'language' });
    const tagOf = (language) => ['en', 'de', 'es', 'fr', 'it', 'pt', 'nl', 'la'].find((tag) => names.of(tag) === language) ?? 'en';
    // Each page goes into a publication with its book's title and author, as a curator fills them in
    // (the author without truth.json's note on the editor).
    const uploadAlone = async (page, book) => {
      const id = await createPublication(call, book.title, tagOf(book.language), [book.author.replace(/\s*\(.*\)$/, '')]);
      const form = new FormData();
      form.append('page_0', new Blob([page.data], { type: mime(page.name) }), page.name);
      await call('POST', `/api/publications/${id}/batch_upload_pages/`, form);
      return call('GET', `/api/publications/${id}/poems/?admin=true`);
    };
    /** The page's proofreading: its poems' marks scored against the page's true lines, its lines' crops read again. */
    const proofread = async (page, poems, language) => {
      const readings = await readingsOf(
        app,
        poems.map((p) => p.id),
      );
      const truthLines = page.text.split('\n').filter((l) => l.trim() !== '');
      let counts = { ...doubtCounts(), missed: args.verbose ? [] : undefined };
      const lines = [];
      for (const poem of poems) {
        const proofreading = await call('GET', `/api/poems/${poem.id}/proofreading/`);
        counts = addDoubts(counts, proofreading.lines, readings.get(poem.id), truthLines);
        lines.push(...proofreading.lines);
      }
      const cropped = await crops.check(page.data, lines, tagOf(language));
      return { counts, cropped };
    };
    // The language the wizard's metadata step proposes from the book's first two pages (read, as
    // there, before any language is set).
    const proposedLanguage = async (book) => {
      const form = new FormData();
      for (const [i, page] of book.pages.slice(0, 2).entries())
        form.append(`image_${i}`, new Blob([page.data], { type: mime(page.name) }), page.name);
      const answer = await call('POST', '/api/ai_extraction/extract_metadata/', form);
      return answer.metadata?.language ?? '-';
    };
    // Warm-up: the first upload starts the OCR workers and loads the image libraries.
    await uploadAlone(books[0].pages[0], books[0]);
    if (args['one-publication']) return onePublication(books, call, tagOf);

    const rows = [];
    let total;
    let allDoubts = doubtCounts();
    const allCropped = { read: 0, of: 0 };
    let pages = 0;
    let seconds = 0;
    let cpuSeconds = 0;
    for (const book of books) {
      const proposed = await proposedLanguage(book);
      let counts;
      let doubts = doubtCounts();
      const cropped = { read: 0, of: 0 };
      let bookSeconds = 0;
      let bookCpu = 0;
      for (const page of book.pages) {
        const started = performance.now();
        const cpu = process.cpuUsage();
        const poems = await uploadAlone(page, book);
        bookSeconds += (performance.now() - started) / 1000;
        const used = process.cpuUsage(cpu);
        bookCpu += (used.user + used.system) / 1e6;
        const scored = scorePage(page.text, poems);
        counts = counts ? addCounts(counts, scored) : scored;
        const proofread_ = await proofread(page, poems, book.language);
        doubts = addDoubtCounts(doubts, proofread_.counts);
        cropped.read += proofread_.cropped.read;
        cropped.of += proofread_.cropped.of;
        if (args.verbose)
          for (const f of proofread_.cropped.failed) console.log(`  crop of ${JSON.stringify(f.text)} read ${JSON.stringify(f.got)}`);
        if (args.verbose) for (const m of proofread_.counts.missed) console.log(`  wrong, unmarked: ${m}`);
        if (args.verbose) for (const m of proofread_.counts.rightMarked ?? []) console.log(`  right, marked: ${m}`);
        if (args.verbose) {
          const r = rates(scored);
          console.log(
            `=== ${book.name}/${page.name}  CER ${pct(r.cer)}  lines ${scored.linesKept}/${scored.lines}  indent ${scored.indentKept}/${scored.linesKept}`,
          );
          console.log(extractedText(poems).replace(/^/gm, '  | '));
          for (const p of poems) console.log(`  poem ${JSON.stringify(p.title)} pages ${JSON.stringify(p.page_numbers)}`);
          for (const l of scored.lost) console.log(`  lost: ${l}`);
          for (const l of scored.misindented) console.log(`  indentation: ${l}`);
        }
      }
      rows.push({
        name: book.name,
        language: book.language,
        tag: tagOf(book.language),
        proposed,
        ...rates(counts),
        doubts,
        cropped,
        pages: book.pages.length,
        secondsPerPage: bookSeconds / book.pages.length,
        cpuSecondsPerPage: bookCpu / book.pages.length,
      });
      total = total ? addCounts(total, counts) : counts;
      allDoubts = addDoubtCounts(allDoubts, doubts);
      allCropped.read += cropped.read;
      allCropped.of += cropped.of;
      pages += book.pages.length;
      seconds += bookSeconds;
      cpuSeconds += bookCpu;
    }
    const all = {
      name: 'total',
      language: '',
      tag: '',
      proposed: '',
      ...rates(total),
      doubts: allDoubts,
      cropped: allCropped,
      pages,
      secondsPerPage: seconds / pages,
      cpuSecondsPerPage: cpuSeconds / pages,
    };
    rows.push(all);

    if (args.json) console.log(JSON.stringify({ rows, loadAverage: loadavg()[0], cpus: availableParallelism() }));
    else {
      console.log(
        `Offline extractor on real scans at ${resolve(args.set)} (${pages} pages, each uploaded alone), measures of the set's README`,
      );
      const header = ['book', 'pages', 'language', 'proposed', 'CER', 'lines kept', 'indent kept', 's/page', 'CPU s/page'];
      const table = rows.map((r) => [
        r.name,
        r.pages,
        r.tag,
        r.proposed,
        pct(r.cer),
        pct(r.lines),
        pct(r.indentation),
        r.secondsPerPage.toFixed(2),
        r.cpuSecondsPerPage.toFixed(2),
      ]);
      printTable(header, table);
      console.log(`  ${loadNote()}`);
      console.log('Proofreading: wrong words marked (goal ≥ 80%), all words marked (≤ 8%), line crops read as the line (≥ 95%)');
      printTable(
        ['book', 'wrong words', 'wrong marked', 'words marked', 'crops read'],
        rows.map((r) => [
          r.name,
          `${r.doubts.wrong}/${r.doubts.words}`,
          pct(doubtRates(r.doubts).wrongMarked),
          pct(doubtRates(r.doubts).marked),
          `${pct(r.cropped.of ? r.cropped.read / r.cropped.of : 1)} (${r.cropped.read}/${r.cropped.of})`,
        ]),
      );
      console.log(`  one threshold for every page instead (wrong marked/words marked): ${sweepNote(all.doubts)}`);
    }
    const missed = [];
    for (const r of rows.slice(0, -1)) {
      if (r.lines < GOALS.lines) missed.push(`${r.name} lines`);
      if (r.indentation < GOALS.indentation) missed.push(`${r.name} indentation`);
      if (r.language === 'English' && r.cer > GOALS.englishCer) missed.push(`${r.name} character error rate`);
      if (r.proposed !== r.tag) missed.push(`${r.name} proposed language`);
    }
    if (all.secondsPerPage > GOALS.secondsPerPage) missed.push('seconds per page');
    if (doubtRates(all.doubts).wrongMarked < PROOFREADING_GOALS.wrongMarked) missed.push('wrong words marked');
    if (doubtRates(all.doubts).marked > PROOFREADING_GOALS.marked) missed.push('words marked');
    if (all.cropped.read < all.cropped.of * PROOFREADING_GOALS.cropsRead) missed.push('line crops read');
    reportGoals(missed);
  }).finally(() => crops.close());
}

/**
 * Each book's pages sent one per upload, in page order, into one publication per book: the poems
 * made, those titled with one of the speakers' names the truth shows (a play's speech read as a
 * poem of its own), and the truth's poems.
 */
async function onePublication(books, call, tagOf) {
  const rows = [];
  for (const book of books) {
    const id = await createPublication(call, book.title, tagOf(book.language), [book.author.replace(/\s*\(.*\)$/, '')]);
    for (const page of book.pages) {
      const form = new FormData();
      form.append('page_0', new Blob([page.data], { type: mime(page.name) }), page.name);
      await call('POST', `/api/publications/${id}/batch_upload_pages/`, form);
    }
    const poems = await call('GET', `/api/publications/${id}/poems/?admin=true`);
    const truth = truthPoems(book.pages);
    const letters = (s) => s.toLocaleLowerCase().replace(/[^\p{L}]/gu, '');
    const names = truth.speakers.map(letters);
    const bySpeaker = poems.filter((p) => names.some((name) => letters(p.title).endsWith(name)));
    rows.push({ name: book.name, poems: poems.length, speakerTitled: bySpeaker.length, truth: truth.poems });
    if (args.verbose)
      for (const p of poems) console.log(`  ${book.name}: poem ${JSON.stringify(p.title)} pages ${JSON.stringify(p.page_numbers)}`);
  }
  if (args.json) console.log(JSON.stringify({ rows }));
  else {
    console.log(`Offline extractor on real scans at ${resolve(args.set)}, each book's pages sent one per upload into one publication`);
    printTable(
      ['book', 'pages', 'poems made', 'titled with a speaker', 'truth poems'],
      rows.map((r) => [r.name, books.find((b) => b.name === r.name).pages.length, r.poems, r.speakerTitled, r.truth]),
    );
  }
  const missed = rows.filter((r) => r.speakerTitled > 0 || r.poems !== r.truth).map((r) => `${r.name} poems`);
  reportGoals(missed);
}

await main();
