/**
 * The measures real page scans are scored by, exactly as ../shared/real-scans/README.md
 * ("Measures") defines them: each page uploaded alone, its poems turned into one text, compared
 * with the page's proofread text. Used by `npm run bench:scan` and by the e2e test that uploads a
 * real book, so both report the same figures.
 *
 * Plain ESM so the benchmark can import it without a build step.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { levenshtein } from '../extraction-set/score.mjs';

/** Quotes and dashes normalised (the README's fold, without trimming or case). */
const normalise = (line) =>
  line
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/--/g, '-');

/** The README's fold of one line: normalised, trimmed, inner whitespace one space, lower-cased. */
const foldLine = (line) =>
  normalise(line)
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/\s+([,.;:!?])/g, '$1');

/** The fold of a whole text: folded lines, blank ones dropped, joined with newlines. */
export const foldText = (text) =>
  text
    .split('\n')
    .map(foldLine)
    .filter((l) => l !== '')
    .join('\n');

/** What the archive gave for a page: each poem's title (unless it is just its first line), a blank line, its body. */
export function extractedText(poems) {
  return poems
    .map((p) => {
      const first = p.body.split('\n').find((l) => l.trim() !== '') ?? '';
      const title = (p.title ?? '').trim();
      return title && foldLine(title) !== foldLine(first) ? `${title}\n\n${p.body}` : p.body;
    })
    .join('\n\n');
}

/** The page's proofread text, rows of asterisks (a section break) blanked. */
export const trueText = (text) =>
  text
    .split('\n')
    .map((l) => (/^[\s*]+$/.test(l) ? '' : l))
    .join('\n');

const alikeTo = (truth, other) => 1 - levenshtein(truth, other) / Math.max(truth.length, 1);
const indented = (line) => /^\s{2}/.test(line);

/** Raw counts of one page; add them with `addCounts`, turn them into rates with `rates`. */
export function scorePage(truth, poems) {
  const got = extractedText(poems);
  const want = trueText(truth);
  const foldedWant = foldText(want);
  const c = {
    cerEdits: Math.min(levenshtein(foldText(got), foldedWant), foldedWant.length),
    cerLength: foldedWant.length,
    lines: 0,
    linesKept: 0,
    indentKept: 0,
    lost: [],
    misindented: [],
  };
  const read = got
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map(normalise);
  let at = 0;
  for (const line of want
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map(normalise)) {
    c.lines++;
    const folded = foldLine(line);
    const k = read.slice(at, at + 4).findIndex((other) => alikeTo(folded, foldLine(other)) >= 0.8);
    if (k < 0) {
      c.lost.push(line.trim());
      continue;
    }
    c.linesKept++;
    if (indented(line) === indented(read[at + k])) c.indentKept++;
    else c.misindented.push(`${JSON.stringify(line)} read as ${JSON.stringify(read[at + k])}`);
    at += k + 1;
  }
  return c;
}

export function addCounts(a, b) {
  return {
    cerEdits: a.cerEdits + b.cerEdits,
    cerLength: a.cerLength + b.cerLength,
    lines: a.lines + b.lines,
    linesKept: a.linesKept + b.linesKept,
    indentKept: a.indentKept + b.indentKept,
    lost: [...a.lost, ...b.lost],
    misindented: [...a.misindented, ...b.misindented],
  };
}

export const rates = (c) => ({
  cer: c.cerEdits / Math.max(1, c.cerLength),
  lines: c.linesKept / Math.max(1, c.lines),
  indentation: c.indentKept / Math.max(1, c.linesKept),
});

/** A line in capitals: it has letters and no lower-case one. */
const inCapitals = (line) => /\p{Lu}/u.test(line) && !/\p{Ll}/u.test(line);
/** A roman stanza or part number ("I.", "IV"), printed above a stanza, never a title. */
const isNumeral = (line) => /^[IVXLC]+\.?$/.test(line.trim());

/**
 * What the truth shows of a book's poems, its pages (as readRealScans gives them) in page order:
 * - `speakers`: a play's speakers' names, the lines in capitals of at most three words standing
 *   alone between blank lines that come back on the pages (a title is printed once), or whose
 *   name the text gives elsewhere (a newcomer's entrance in a stage direction);
 * - `poems`: each title (a run of lines in capitals, neither a name nor a stanza number) begins a
 *   poem, and so does a page beginning mid-poem whose previous page is not among the scored ones
 *   (the start of its poem is not there). A play's act is one text however many of its pages are
 *   missing between: its pages all continue the act.
 */
export function truthPoems(pages) {
  const alone = [];
  for (const page of pages) {
    const lines = page.text.split('\n');
    lines.forEach((line, i) => {
      const apart = (i === 0 || lines[i - 1].trim() === '') && (i === lines.length - 1 || lines[i + 1].trim() === '');
      if (apart && inCapitals(line) && !isNumeral(line) && line.trim().split(/\s+/).length <= 3) alone.push(line.trim());
    });
  }
  const all = pages.map((p) => p.text).join('\n');
  const namedElsewhere = (name) => all.toLocaleLowerCase().split(name.toLocaleLowerCase()).length > all.split(name).length;
  const speakers = [...new Set(alone.filter((name, i) => alone.indexOf(name) !== i || namedElsewhere(name)))];
  const play = speakers.length >= 2;
  const isTitle = (line) => inCapitals(line) && !isNumeral(line) && !speakers.includes(line.trim());
  const scan = (page) => Number(page.name.replace(/\D/g, ''));
  let poems = 0;
  pages.forEach((page, k) => {
    const lines = page.text.split('\n');
    const first = lines.findIndex((l) => l.trim() !== '');
    lines.forEach((line, i) => {
      if (isTitle(line) && !(i > 0 && isTitle(lines[i - 1]))) poems++;
    });
    const follows = k > 0 && (play || scan(pages[k - 1]) + 1 === scan(page));
    if (first >= 0 && !isTitle(lines[first]) && !follows) poems++;
  });
  return { speakers, poems };
}

/**
 * A set laid out as ../shared/real-scans is (truth.json, books/<book>/NNN.png): its books, each
 * with its title and author as truth.json gives them and its scored pages (file name, image, true
 * text) in the order truth.json gives them.
 */
export function readRealScans(dir) {
  const truthFile = join(dir, 'truth.json');
  if (!existsSync(truthFile)) throw new Error(`No real scans at ${dir} (truth.json missing)`);
  const truth = JSON.parse(readFileSync(truthFile, 'utf8'));
  return truth.books.map((book) => ({
    name: book.slug,
    title: book.title,
    author: book.author,
    language: book.language,
    pages: truth.pages
      .filter((p) => p.book === book.slug)
      .map((p) => ({ name: p.file.split('/').pop(), data: readFileSync(join(dir, p.file)), text: p.text })),
  }));
}
