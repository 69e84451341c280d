import { boundedLevenshtein } from '../duplicates/poem-similarity.js';
import { parseFolio, readFolio, type FolioReading } from './folios.js';
import { alikeness, isCapitals, median, textKey, withWords, type LayoutLine, type LayoutWord } from './layout-lines.js';

/**
 * Page furniture: what a printer sets on a page around the poems, which is never part of one.
 * - Running heads: a line at the head of the page, apart from the text, carrying the book's title
 *   (the same on many pages), the current poem's title, or a section's name, often with the folio
 *   at one end (top outside corner).
 * - Folios: the page number alone at the head or foot of the page, centred or outside, plain,
 *   decorated ("— 22 —", "[22]") or roman; at the foot it may sit one line under the text.
 * - Catchwords: the next page's first word alone at the foot, right.
 * Section numerals above titles and ornaments between poems are recognised with the titles
 * (verse-layout), since they are told by what follows them.
 */

export interface PageMeasures {
  /** Body type size (median row height of lines of verse). */
  em: number;
  /** Normal distance between the baselines of two lines of verse. */
  pitch: number;
  /** Height of capitals in body type, when the lines showed it. */
  bodyCap?: number;
  /** x-height of body type, when letters were boxed. */
  bodyX?: number;
}

/** The book's own names, as its publication gives them: a running head may print either. */
export interface BookNames {
  title?: string;
  authors?: string[];
}

export interface FurnitureContext {
  /** textKey()s of lines standing at the head of two or more pages of the batch. */
  repeatedHeads: Set<string>;
  /** nameKey()s of the book's title and its poets' names (bookNameKeys). */
  bookNames?: string[];
  /** Lines of the page before (a running head may repeat the title of the poem it continues). */
  previousPage?: LayoutLine[];
  /** Lines of the page after, when the batch holds it (a catchword at the foot is its first word). */
  nextPage?: LayoutLine[];
  /** Width of the page image: heads are centred on the page. */
  pageWidth: number;
  /** Baseline the book's running heads stand on, where other pages of the batch show it by surer signs than small type. */
  headLine?: number;
}

export interface Furniture {
  folio?: FolioReading;
  /** The running head removed: its baseline, and whether more than its small type marked it. */
  head?: { baseline: number; sure: boolean };
  /** The page's lines without furniture, top to bottom. */
  lines: LayoutLine[];
}

/** Lines sharing a baseline: a head and a folio in its corner are read as one row or as two lines. */
function rows(lines: LayoutLine[], em: number): LayoutLine[][] {
  const out: LayoutLine[][] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (last && Math.abs(line.baseline - last[0].baseline) < em * 0.5) last.push(line);
    else out.push([line]);
  }
  return out;
}

const rowText = (row: LayoutLine[]) =>
  [...row]
    .sort((a, b) => a.left - b.left)
    .map((l) => l.text)
    .join(' ');

/**
 * A folio at either end of a head row: the folio, the words left, and whether it stands set off in
 * the corner (two em or more from the words), as folios in a running head do and a number that
 * belongs to a title ("August 1914", "Sonnet XVIII") does not.
 */
function edgeFolio(row: LayoutLine[], em: number): { folio: FolioReading; at: LayoutWord; rest: string; cornered: boolean } | undefined {
  const words = [...row].sort((a, b) => a.left - b.left).flatMap((l) => l.words);
  if (words.length < 2) return undefined;
  const first = readFolio(words[0].text);
  const last = readFolio(words[words.length - 1].text);
  const rest = (from: number, to: number) =>
    words
      .slice(from, to)
      .map((w) => w.text)
      .join(' ');
  const n = words.length;
  if (last !== undefined && /\p{L}{2,}/u.test(rest(0, n - 1))) {
    return { folio: last, at: words[n - 1], rest: rest(0, n - 1), cornered: words[n - 1].left - words[n - 2].right >= em * 2 };
  }
  if (first !== undefined && /\p{L}{2,}/u.test(rest(1, n)))
    return { folio: first, at: words[0], rest: rest(1, n), cornered: words[1].left - words[0].right >= em * 2 };
  return undefined;
}

/**
 * The folios of an open book's two facing pages read on one row, at its two ends: the left page's
 * and the next, far apart across the spread.
 */
function spreadFolios(row: LayoutLine[], em: number): FolioReading | undefined {
  const words = [...row].sort((a, b) => a.left - b.left).flatMap((l) => l.words);
  if (words.length < 2) return undefined;
  const [first, last] = [words[0], words[words.length - 1]];
  const left = readFolio(first.text);
  const right = readFolio(last.text);
  if (!left || !right || !left.roman !== !right.roman || right.value !== left.value + 1) return undefined;
  return last.left - first.right >= em * 8 ? { ...left, spread: true } : undefined;
}

/**
 * A capital roman numeral alone is not read as a folio: front-matter folios are set in small roman
 * (xii), and "XII." alone numbers a poem or a section.
 */
const folioAlone = (text: string) => (/^\W*[IVXLCDM]+\W*$/.test(text) ? undefined : readFolio(text));

/**
 * The corner of the page a folio between `left` and `right` stands in (the outer corner, which tells
 * a recto from a verso), or undefined when it stands in the middle third, centred under the text.
 */
function cornerOf(left: number, right: number, pageWidth: number): FolioReading['side'] {
  const centre = (left + right) / 2;
  return centre < pageWidth / 3 ? 'left' : centre > (pageWidth * 2) / 3 ? 'right' : undefined;
}

/** Lines long enough to tell one page's from another's, as keys (kept per page: a long book compares every pair). */
const keysOfPage = new WeakMap<LayoutLine[], string[]>();
function pageKeys(lines: LayoutLine[]): string[] {
  let keys = keysOfPage.get(lines);
  if (!keys) {
    keys = lines.map((l) => textKey(l.text)).filter((k) => k.length >= 8);
    keysOfPage.set(lines, keys);
  }
  return keys;
}

/** Two lines read alike but for a misread letter in five (the distance bounded: most pairs differ wholly). */
function readAlike(a: string, b: string): boolean {
  if (a === b) return true;
  const allowed = Math.floor(Math.max(a.length, b.length) * 0.2);
  return boundedLevenshtein(a, b, allowed) <= allowed;
}

/** How many lines of `a` are found in `b` in the same order (the longest common subsequence of alike lines). */
function linesInOrder(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const line of a) {
    const current = [0];
    for (let j = 1; j <= b.length; j++)
      current[j] = readAlike(line, b[j - 1]) ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    previous = current;
  }
  return previous[b.length];
}

/**
 * Two photos of the same page (a curator re-shooting one and sending both): their lines read the
 * same in the same order, nearly all of the shorter reading and most of the longer. Pages that
 * merely share lines (a ballad's refrain, a running head) share them in another order or among
 * lines of their own. Their common top line is that page's, not a head the book repeats. Their
 * folios are compared where they are read (sameFolio, in the layout).
 */
export function samePage(a: LayoutLine[], b: LayoutLine[]): boolean {
  const [ka, kb] = [pageKeys(a), pageKeys(b)];
  const [short, long] = ka.length <= kb.length ? [ka, kb] : [kb, ka];
  if (short.length < 3) return false;
  // Most lines of a photo of the page read letter for letter alike: a cheap test before the full one.
  const exact = new Set(long);
  if (short.filter((k) => exact.has(k)).length < short.length * 0.3) return false;
  const inOrder = linesInOrder(short, long);
  return inOrder >= short.length * 0.8 && inOrder >= long.length * 0.5;
}

/** Top lines (first row of each page) that recur on other pages: the book's running heads. */
export function findRepeatedHeads(pages: LayoutLine[][], ems: number[]): Set<string> {
  const keys = pages.map((lines, i) => {
    const [first] = rows(lines, ems[i]);
    if (!first) return '';
    const edge = edgeFolio(first, ems[i]);
    return textKey(edge ? edge.rest : rowText(first));
  });
  const repeated = new Set<string>();
  keys.forEach((key, i) => {
    if (key.length < 3) return;
    if (keys.some((other, j) => j !== i && other.length >= 3 && alikeness(key, other) >= 0.8 && !samePage(pages[i], pages[j])))
      repeated.add(key);
  });
  return repeated;
}

/**
 * Lines set as headings: apart below a gap and in capitals or larger type. A poem's first or last
 * line may repeat its title, but in the verse's own type, so a title above it is not a head.
 */
function headings(lines: LayoutLine[], m: PageMeasures): LayoutLine[] {
  const larger = (l: LayoutLine) => l.capHeight !== undefined && m.bodyCap !== undefined && l.capHeight >= m.bodyCap * 1.1;
  return lines.filter((l, i) => i > 0 && l.baseline - lines[i - 1].baseline >= m.pitch * 1.3 && (isCapitals(l.text) || larger(l)));
}

/** Whether a row lies wholly left of the text's margin or right of its lines' ends (an outer corner). */
function outsideTextBlock(row: LayoutLine[], text: LayoutLine[], em: number): boolean {
  const wordy = text.filter((l) => l.words.length >= 2);
  if (wordy.length < 3) return false;
  const lefts = wordy.map((l) => l.left).sort((a, b) => a - b);
  const rights = wordy.map((l) => l.right).sort((a, b) => a - b);
  // The margin most lines start from, and the end the longest lines reach (not a lone speck's).
  const margin = lefts[Math.floor(lefts.length * 0.1)];
  const end = rights[Math.floor(rights.length * 0.9)];
  return Math.max(...row.map((l) => l.right)) < margin - em * 0.5 || Math.min(...row.map((l) => l.left)) > end + em * 0.5;
}

/** Letters only, in any script, without accents, case, letter-spacing, stops or figures. */
const nameKey = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');

/**
 * What a running head may print for the book itself: its title, or the title without its subtitle,
 * and each poet's name, also in reading order where it is filed "Family, Given".
 */
export function bookNameKeys(names: BookNames | undefined): string[] {
  const title = names?.title ?? '';
  const forms = [title, title.split(/[:;([—–]|\. | - /)[0]];
  for (const author of names?.authors ?? []) {
    const [family, given] = author.split(',');
    forms.push(author, given ? `${given} ${family}` : author);
  }
  // Four letters at least: a shorter name would match too much by chance.
  return [...new Set(forms.map(nameKey).filter((k) => k.length >= 4))];
}

/** A head's words read as one of the book's names, a misread letter in five allowed. */
const namesTheBook = (text: string, names: string[]) => names.some((name) => alikeness(nameKey(text), name) >= 0.8);

/**
 * Capitals letter-spaced though read as whole words: each letter takes far more room than capitals
 * set solid, which take about their own height each on average.
 */
function spacedOut(row: LayoutLine[], capHeight: number | undefined): boolean {
  const letters = (w: LayoutWord) => w.text.replace(/\P{L}/gu, '').length;
  const words = row.flatMap((l) => l.words).filter((w) => letters(w) >= 3);
  if (capHeight === undefined || words.length === 0) return false;
  return median(words.map((w) => (w.right - w.left) / letters(w))) >= capHeight * 1.3;
}

function sameHeading(key: string, lines: LayoutLine[]): boolean {
  return key.length >= 3 && lines.some((l) => textKey(l.text).length >= 3 && alikeness(key, textKey(l.text)) >= 0.8);
}

/**
 * Removes running heads and folios from a page's lines (top to bottom) and returns the folio.
 * A head row must stand apart from what follows; it is a head when it carries a folio in a corner,
 * is letter-spaced capitals, repeats at the head of other pages, names the book or its poet,
 * repeats the last heading of the page before (the current poem's title), is followed by another
 * heading (a title never sits on top of a title), or is set smaller than the text: in capitals well
 * under the text's size, or in upper and lower case under it and centred (a poem's title smaller
 * than its text is set in capitals, not so a head). A row set larger than the text is no head by
 * repeating or by naming the book: a head never is.
 */
export function stripFurniture(input: LayoutLine[], m: PageMeasures, context: FurnitureContext): Furniture {
  let lines = [...input];
  let folio: FolioReading | undefined;
  // A folio alone on its row, with the corner it stands in.
  const placed = (row: LayoutLine[], read: FolioReading): FolioReading =>
    read.spread
      ? read
      : { ...read, side: cornerOf(Math.min(...row.map((l) => l.left)), Math.max(...row.map((l) => l.right)), context.pageWidth) };
  let headRow: Furniture['head'];
  const apartAfter = (all: LayoutLine[][], k: number) =>
    (all[k + 1] ? all[k + 1][0].baseline - all[k][0].baseline : Infinity) > m.pitch * 1.25;
  const apartBefore = (all: LayoutLine[][], k: number) => (k > 0 ? all[k][0].baseline - all[k - 1][0].baseline : Infinity) > m.pitch * 1.25;

  // A folio may stand on a row of its own above or below the head; there is one head row at most.
  for (let round = 0; round < 3; round++) {
    const all = rows(lines, m.em);
    const top = all[0];
    if (!top || all.length < 2) break;
    const text = rowText(top);
    const rest = lines.filter((l) => !top.includes(l));
    const alone = folioAlone(text) ?? spreadFolios(top, m.em);
    // A number alone in the head's outer corner, beyond the text block's edge, is the folio however
    // close the first line stands under it; anywhere else it must stand apart like any head. Close
    // under it is the text itself, never a head (a head stands apart from the text).
    if (!apartAfter(all, 0)) {
      if (alone !== undefined && !alone.spread && outsideTextBlock(top, rest, m.em)) {
        folio ??= placed(top, alone);
        lines = rest;
      }
      break;
    }
    if (alone !== undefined) {
      folio ??= placed(top, alone);
      lines = rest;
      continue;
    }
    if (headRow) break;
    const edge = edgeFolio(top, m.em);
    const key = textKey(edge ? edge.rest : text);
    const next = all[1].map((l) => l.text).join(' ');
    const cap = top.map((l) => l.capHeight).find((c) => c !== undefined);
    const ratio = cap !== undefined && m.bodyCap ? cap / m.bodyCap : 1;
    const centre = (Math.min(...top.map((l) => l.left)) + Math.max(...top.map((l) => l.right))) / 2;
    const centred = Math.abs(centre - context.pageWidth / 2) < context.pageWidth * 0.05;
    // A numeral under it numbering a poem whose title follows: a title never sits on a title. A
    // numeral over verse numbers the first part of the poem this row is the title of.
    const afterNumeral = all[2]?.map((l) => l.text).join(' ') ?? '';
    const followedByHeading = parseFolio(next) === undefined && isSectionNumeral(next) && isCapitals(afterNumeral);
    const small = isCapitals(text) ? ratio <= 0.78 : ratio <= 0.9 && centred;
    // Letter-spaced capitals ("A  B O Y ' S  W I L L"), read as single letters: a head's setting,
    // never a poem's title's.
    const words = top.flatMap((l) => l.words).filter((w) => /\p{L}/u.test(w.text));
    const letterSpaced =
      isCapitals(text) &&
      ((words.length >= 4 && words.filter((w) => w.text.replace(/\P{L}/gu, '').length === 1).length >= words.length * 0.6) ||
        spacedOut(top, cap));
    // A running head is never set larger than the text; a title often is. So a poem's own title at
    // the top of its opening page is no head though later pages' heads repeat it, nor is a poem
    // named like the book (the title poem) when its title is set as titles are.
    const notLarger = cap !== undefined && m.bodyCap ? ratio < 1.1 : top.every((l) => l.size < m.em * 1.25);
    // A folio after a stop ("The New Ahasuerus in England, 231"): a title's own number has none.
    const folioAfterStop = edge !== undefined && /[,.]$/.test(edge.rest);
    const sure =
      (edge !== undefined && (edge.cornered || folioAfterStop)) ||
      letterSpaced ||
      (context.repeatedHeads.has(key) && notLarger) ||
      // The book's title or the poet's name is a head however few pages print it (book title on
      // versos, poem titles on rectos; or on some pages only), with a folio in the row or not.
      (notLarger && namesTheBook(edge ? edge.rest : text, context.bookNames ?? [])) ||
      // The poem in progress: the last heading of the page before. A play's speaker names recur
      // on a page and across pages, but the name over a speech that runs on is not printed again.
      sameHeading(key, headings(context.previousPage ?? [], m).slice(-1)) ||
      followedByHeading;
    // Small type alone marks a head only where the book's heads stand: a title in small capitals
    // set lower, on a page printing no head, is a poem's.
    const atHeadLine = context.headLine === undefined || Math.abs(top[0].baseline - context.headLine) < m.pitch;
    if (!sure && !(small && atHeadLine)) break;
    headRow = { baseline: top[0].baseline, sure };
    // The number at the end of a heading is its folio only if the row is a head.
    if (edge) folio ??= { ...edge.folio, side: cornerOf(edge.at.left, edge.at.right, context.pageWidth) };
    lines = rest;
  }

  for (let round = 0; round < 2; round++) {
    const all = rows(lines, m.em);
    const k = all.length - 1;
    if (k < 1) break;
    const bottom = all[k];
    const above = lines.filter((l) => !bottom.includes(l));
    if (!apartBefore(all, k)) {
      // Set one line under the text, not apart: a folio away from the text's left edge, or a catchword.
      const folioUnder = footFolio(bottom, above, m.em);
      if (folioUnder !== undefined) {
        folio ??= placed(bottom, folioUnder);
        lines = above;
        continue;
      }
      if (isCatchword(bottom, above, m.em, context.nextPage)) lines = above;
      break;
    }
    const alone = folioAlone(rowText(bottom)) ?? spreadFolios(bottom, m.em);
    if (alone !== undefined) {
      folio ??= placed(bottom, alone);
      lines = above;
      continue;
    }
    // A running foot: the same words at the foot of other pages (rare, but printed).
    if (context.repeatedHeads.has(textKey(rowText(bottom)))) {
      lines = lines.filter((l) => !bottom.includes(l));
      continue;
    }
    break;
  }
  return { folio, lines, head: headRow };
}

/**
 * A folio printed one line under the text rather than apart from it: a page number (under a
 * thousand: a number of four figures closing a poem is a year) set centred or in a corner, away
 * from the text's left edge, where a line of verse consisting of a number would begin.
 */
function footFolio(row: LayoutLine[], above: LayoutLine[], em: number): FolioReading | undefined {
  const read = folioAlone(rowText(row));
  if (read === undefined || read.value >= 1000 || above.length === 0) return undefined;
  const left = Math.min(...row.map((l) => l.left));
  const textLeft = Math.min(...above.map((l) => l.left));
  return Math.abs(left - textLeft) > em ? read : undefined;
}

/**
 * A catchword: the first word of the next page printed alone at the foot, at the right end of the
 * measure, under the page's last line. It is one word without a stop; it is the next page's first
 * word when the batch holds that page, or, with no next page to compare, set in capitals.
 */
function isCatchword(row: LayoutLine[], above: LayoutLine[], em: number, nextPage: LayoutLine[] | undefined): boolean {
  const words = row.flatMap((l) => l.words);
  if (words.length !== 1 || above.length < 2) return false;
  const word = words[0].text;
  if (!/^\p{L}[\p{L}'’-]*$/u.test(word)) return false;
  const textLeft = Math.min(...above.map((l) => l.left));
  const textRight = Math.max(...above.map((l) => l.right));
  const atRightEnd = Math.abs(words[0].right - textRight) <= em && words[0].left > (textLeft + textRight) / 2;
  if (!atRightEnd) return false;
  // The next page's first words, its running head's among them.
  if (nextPage?.length)
    return nextPage.slice(0, 3).some((l) => textKey(l.words.find((w) => /\p{L}/u.test(w.text))?.text ?? '') === textKey(word));
  return isCapitals(word);
}

/** "I.", "IV", "12.", "§ 3": a numeral that numbers a poem or section (the recogniser's "L" for "I." too). */
export function isSectionNumeral(text: string): boolean {
  const core = text.replace(/[\s.,:;·•—–[\]()-]/g, '').replace(/^§/, '');
  if (core.length === 0 || core.length > 6) return false;
  if (/^\d{1,3}$/.test(core)) return true;
  // Roman numerals, allowing the recogniser's confusions of I with l, 1 and |, of V with v, and "I." read as "L".
  return /^[IVXLCl1|]+v?$/.test(core) && /[IVXLC]/.test(core);
}

/**
 * A word that may be a mark on the paper rather than type (a speck, a dot, a pencil tick): one or two
 * characters, and a lone punctuation mark, read with little confidence, or much smaller than the type.
 * A printed word of one or two letters ("I", "O", "y") is read surely and at the type's height.
 */
function markLike(word: LayoutWord, em: number): boolean {
  const chars = word.raw.replace(/\s/g, '');
  if (chars.length === 0 || chars.length > 2) return false;
  return !/[\p{L}\p{N}]/u.test(chars) || word.confidence < 60 || word.height < em * 0.3;
}

/**
 * A mark left of the text block, read with a line: the line's first word when it is mark-like and
 * stands further from the next word than any word space; or the whole line when each of its words is
 * mark-like. Such marks are dropped before the margin is measured (page-layout), so specks down the
 * margin beside two lines or more never become the margin every line is indented from.
 */
export function withoutMarginMark(line: LayoutLine, em: number): LayoutLine | undefined {
  if (line.words.every((w) => markLike(w, em))) return undefined;
  const [first, second] = line.words;
  return second && markLike(first, em) && second.left - first.right >= em * 0.75 ? withWords(line, line.words.slice(1)) : line;
}

/** Removes a mark standing at a line's edge outside the text (a gutter shadow read as "|" or "!"). */
export function dropEdgeMarks(line: LayoutLine, margin: number, em: number): LayoutLine {
  const words = [...line.words];
  const mark = (w: LayoutWord) => /^[|!:;.,'"“”‘’_\-—~^*]{1,2}$|^[il]$/.test(w.raw);
  while (words.length > 1 && mark(words[0]) && words[0].right < margin + em * 0.1 && words[1].left - words[0].right > em * 0.25)
    words.shift();
  while (words.length > 1 && mark(words[words.length - 1]) && words[words.length - 1].left - words[words.length - 2].right > em * 1.2)
    words.pop();
  return words.length === line.words.length ? line : withWords(line, words);
}
