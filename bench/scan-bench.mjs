#!/usr/bin/env node
/**
 * Scan benchmark for the offline extractor (`npm run bench:scan`).
 *
 * Renders photographed book pages with known text (test/support/page-photos), runs them through
 * the compiled image intake and offline extractor, and prints:
 * - character error rate of titles and poem text (indentation left out: measured on its own),
 * - share of printed lines found, of stanza breaks kept and of indentation kept,
 * - seconds per page, steady state (the engine is started by a one-page warm-up first).
 * Exits non-zero when a bar is missed: CER <= 1%, lines >= 98%, stanzas >= 95%,
 * indentation >= 95%, under 2 s per page.
 *
 * Usage: node bench/scan-bench.mjs [--dist dist/server] [--pages N] [--json]
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { renderBookPages, sampleBook, SAMPLE_POEMS } from '../test/support/page-photos/page-photos.mjs';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist/server' },
    pages: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const dist = resolve(args.dist);
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const { OfflinePoemExtractor } = await load('scanning/extraction/offline/offline-poem.extractor.js');
const { normalisePageImage } = await load('scanning/images/page-image.intake.js');

const BARS = { cer: 0.01, lines: 0.98, stanzas: 0.95, indentation: 0.95, secondsPerPage: 2 };

function levenshtein(a, b) {
  if (a === b) return 0;
  let prev = new Uint32Array(b.length + 1);
  let curr = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      curr[j] = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + cost);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[b.length];
}

const similarity = (a, b) => 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);
const indentOf = (line) => line.length - line.trimStart().length;

/** Non-empty lines with, for each, whether a stanza break precedes it. */
function linesOf(body) {
  const out = [];
  let breakBefore = false;
  for (const line of body.split('\n')) {
    if (line.trim() === '') {
      breakBefore = out.length > 0;
      continue;
    }
    out.push({ text: line.trim(), indent: indentOf(line), breakBefore });
    breakBefore = false;
  }
  return out;
}

/** Aligns printed lines to read lines (in order, fuzzy), returning index pairs. */
function alignLines(truth, read) {
  const n = truth.length;
  const m = read.length;
  const score = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const s = similarity(truth[i].text, read[j].text);
      const match = s >= 0.8 ? score[i + 1][j + 1] + s : -Infinity;
      score[i][j] = Math.max(match, score[i + 1][j], score[i][j + 1]);
    }
  }
  const pairs = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const s = similarity(truth[i].text, read[j].text);
    if (s >= 0.8 && score[i][j] === score[i + 1][j + 1] + s) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (score[i][j] === score[i + 1][j]) i++;
    else j++;
  }
  return pairs;
}

function matchPoems(truthPoems, readPoems) {
  const used = new Set();
  return truthPoems.map((truth) => {
    let best = -1;
    let bestScore = 0;
    readPoems.forEach((read, k) => {
      if (used.has(k)) return;
      const s = similarity(truth.title, read.title) + similarity(truth.body.slice(0, 80), read.body.slice(0, 80));
      if (s > bestScore) {
        best = k;
        bestScore = s;
      }
    });
    if (best >= 0 && bestScore > 1) used.add(best);
    return best >= 0 && bestScore > 1 ? readPoems[best] : undefined;
  });
}

function evaluate(truthPoems, readPoems) {
  const totals = { chars: 0, edits: 0, lines: 0, linesKept: 0, stanzas: 0, stanzasKept: 0, stanzasExtra: 0, indentChecked: 0, indentKept: 0, titles: 0, titlesKept: 0, pageNumbers: 0, pageNumbersKept: 0 };
  const matches = matchPoems(truthPoems, readPoems);
  truthPoems.forEach((truth, k) => {
    const read = matches[k];
    const truthText = `${truth.title}\n${linesOf(truth.body).map((l) => l.text).join('\n')}`;
    const readText = read ? `${read.title}\n${linesOf(read.body).map((l) => l.text).join('\n')}` : '';
    totals.chars += truthText.length;
    totals.edits += levenshtein(truthText, readText);
    totals.titles++;
    if (read && read.title === truth.title) totals.titlesKept++;
    totals.pageNumbers++;
    if (read && JSON.stringify(read.page_numbers) === JSON.stringify(truth.page_numbers)) totals.pageNumbersKept++;
    const tl = linesOf(truth.body);
    const rl = read ? linesOf(read.body) : [];
    totals.lines += tl.length;
    totals.stanzas += tl.filter((l) => l.breakBefore).length;
    const pairs = alignLines(tl, rl);
    totals.linesKept += pairs.length;
    for (const [i, j] of pairs) {
      if (tl[i].breakBefore && rl[j].breakBefore) totals.stanzasKept++;
      if (!tl[i].breakBefore && rl[j].breakBefore) totals.stanzasExtra++;
      // Every indented line counts, and so does a flush line the extractor wrongly indented.
      if (tl[i].indent > 0 || rl[j].indent > 0) {
        totals.indentChecked++;
        if (tl[i].indent === rl[j].indent) totals.indentKept++;
      }
    }
  });
  return totals;
}

const pct = (x) => `${(x * 100).toFixed(2)}%`;

async function main() {
  // Two typesettings of the same poems (page numbers in the footer, then in the header corner),
  // then rougher photographs of the first pages: noisier and more compressed, and smaller.
  const reversed = [...SAMPLE_POEMS].reverse();
  const sets = [
    await renderBookPages(sampleBook(), { seed: 101 }),
    await renderBookPages(sampleBook({ poems: reversed, firstPageNumber: 40 }), { seed: 202, pageNumberPosition: 'header' }),
    // A rougher photograph: more sensor noise and heavier JPEG compression.
    await renderBookPages(sampleBook({ firstPageNumber: 71 }), { seed: 303, noise: 12, jpegQuality: 45, maxPages: 4 }),
    // Taken from further away: about 1100 x 1550 px for the whole page.
    await renderBookPages(sampleBook({ firstPageNumber: 91 }), { seed: 404, photoScale: 0.6, noise: 10, jpegQuality: 60, maxPages: 3 }),
  ];
  const limit = args.pages ? Number(args.pages) : Infinity;
  const cache = mkdtempSync(join(tmpdir(), 'scan-bench-'));
  const extractor = new OfflinePoemExtractor({ cachePath: cache });
  try {
    const warm = await normalisePageImage(sets[0].pages[0].image, 0);
    const startup = performance.now();
    await extractor.extractPoems([warm]);
    const firstPageSeconds = (performance.now() - startup) / 1000;

    const all = { chars: 0, edits: 0, lines: 0, linesKept: 0, stanzas: 0, stanzasKept: 0, stanzasExtra: 0, indentChecked: 0, indentKept: 0, titles: 0, titlesKept: 0, pageNumbers: 0, pageNumbersKept: 0 };
    let pagesRead = 0;
    let seconds = 0;
    let cpuSeconds = 0;
    for (const set of sets) {
      const pages = set.pages.slice(0, Math.max(0, limit - pagesRead));
      if (pages.length === 0) break;
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      const images = await Promise.all(pages.map((p, i) => normalisePageImage(p.image, i)));
      const poems = await extractor.extractPoems(images);
      seconds += (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuStart);
      cpuSeconds += (cpu.user + cpu.system) / 1e6;
      pagesRead += pages.length;
      const printed = new Set(pages.map((p) => p.pageNumber));
      const truth = set.poems
        .filter((p) => p.page_numbers.every((n) => printed.has(n)))
        .map((p) => p);
      const scores = evaluate(truth, poems);
      for (const key of Object.keys(all)) all[key] += scores[key];
    }
    const result = {
      pages: pagesRead,
      cer: all.edits / all.chars,
      lines: all.linesKept / all.lines,
      stanzas: all.stanzasKept / all.stanzas,
      spuriousStanzaBreaks: all.stanzasExtra,
      indentation: all.indentKept / all.indentChecked,
      titles: all.titlesKept / all.titles,
      pageNumbers: all.pageNumbersKept / all.pageNumbers,
      secondsPerPage: seconds / pagesRead,
      cpuSecondsPerPage: cpuSeconds / pagesRead,
      loadAverage: loadavg()[0],
      firstPageSeconds,
    };
    if (args.json) console.log(JSON.stringify(result));
    else {
      console.log(`Offline extractor on ${result.pages} rendered page photos (${all.lines} lines, ${all.stanzas} stanza breaks, ${all.indentChecked} indented lines, ${all.titles} poems)`);
      console.log(`  character error rate   ${pct(result.cer)}   (bar <= ${pct(BARS.cer)})`);
      console.log(`  lines kept             ${pct(result.lines)}   (bar >= ${pct(BARS.lines)})`);
      console.log(`  stanza breaks kept     ${pct(result.stanzas)}   (bar >= ${pct(BARS.stanzas)}; ${all.stanzasExtra} spurious)`);
      console.log(`  indentation kept       ${pct(result.indentation)}   (bar >= ${pct(BARS.indentation)})`);
      console.log(`  titles exact           ${pct(result.titles)}`);
      console.log(`  page numbers exact     ${pct(result.pageNumbers)}`);
      console.log(`  seconds per page       ${result.secondsPerPage.toFixed(2)} s   (bar < ${BARS.secondsPerPage} s; first page incl. engine start ${firstPageSeconds.toFixed(2)} s)`);
      console.log(`  CPU seconds per page   ${result.cpuSecondsPerPage.toFixed(2)} s   (all threads; ${availableParallelism()} CPUs, OCR workers ${extractor.concurrency})`);
      if (result.loadAverage > availableParallelism()) {
        console.log(`  note: the machine was busy (load average ${result.loadAverage.toFixed(1)} on ${availableParallelism()} CPUs), so wall time is inflated`);
      }
    }
    const missed = [];
    if (result.cer > BARS.cer) missed.push('character error rate');
    if (result.lines < BARS.lines) missed.push('lines');
    if (result.stanzas < BARS.stanzas) missed.push('stanza breaks');
    if (result.indentation < BARS.indentation) missed.push('indentation');
    if (result.secondsPerPage >= BARS.secondsPerPage) missed.push('seconds per page');
    if (missed.length) {
      console.error(`Bars missed: ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await extractor.close();
    rmSync(cache, { recursive: true, force: true });
  }
}

await main();
