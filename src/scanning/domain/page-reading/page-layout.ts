import { numberPhotos } from './folios.js';
import { isCapitals, median, percentile, straightenLines, unionBox, type LayoutLine } from './layout-lines.js';
import { boxOnPhoto, type OcrPage } from './ocr-page.js';
import {
  bookNameKeys,
  dropEdgeMarks,
  findRepeatedHeads,
  isSectionNumeral,
  samePage,
  stripFurniture,
  withoutMarginMark,
  type BookNames,
  type PageMeasures,
} from './page-furniture.js';
import type { LineRead, PageLayout, PoemBlock } from '../assemble-poems.js';
import { resolveNumerals, type PageItem } from './section-numerals.js';
import { resolveSpeakers, SPEAKER_WORDS } from './speaker-labels.js';
import { keepParagraphs } from './prose-paragraphs.js';
import { joinTurnedLines } from './turned-lines.js';

/**
 * Layout analysis of OCR'd book pages. Plain OCR text loses what matters in a poem (indentation,
 * stanza breaks, which line is a title), so it is rebuilt from the geometry of the text lines,
 * page by page and across the batch (a book's pages share their type, margins and furniture).
 *
 * The rules are properties of printed books, never of one book's words or sizes:
 * - Measures come from the page: "em" is the body type's row height, "pitch" the normal distance
 *   between baselines of verse; every distance below is in those units.
 * - Furniture (running heads, folios) is removed first (page-furniture.ts); the folio becomes the
 *   page number, and folios of a run of pages are made to agree (folios.ts).
 * - A title stands apart (space before and after) and is set differently from the verse: larger,
 *   in capitals when the verse is not, or centred over flush-left verse. Lines of one title merge.
 *   A numeral above a title ("I.", "IV") numbers the poem and is not part of its title; above
 *   verse it numbers a part of the poem, or titles an untitled poem (section-numerals.ts). A mark
 *   standing alone (an ornament, a rule) is neither.
 * - Indentation is measured from the page's text margin. The book's indent step is the smallest
 *   indentation its lines share; a line indented by n steps gets n times two spaces per em of the
 *   step (so one space stands for about half an em, as in a monospaced rendering of the page).
 * - A stanza break is a gap between baselines of more than 1.4 pitches. At a page turn inside a
 *   poem it is one when the page stops a line or more short of the text block's foot (room was
 *   left) or the next page starts a line below its top; otherwise the poem's own stanzas decide
 *   (resolveTurns).
 * - A verse line too long for the measure, turned over onto an indented printed line, is one line
 *   (turned-lines.ts).
 * - In a verse play, the speakers' names are lines of the scene's text, not titles (speaker-labels.ts).
 * - Prose keeps its printed lines, but a paragraph's first-line indent is no verse indent: the
 *   paragraph opens flush after an empty line (prose-paragraphs.ts).
 */

export { straightenLines } from './layout-lines.js';

const STANZA_GAP = 1.4;
const TITLE_SIZE = 1.12;
/** Capitals shorter than this share of the body's capitals are small capitals (about its x-height). */
const SMALL_CAPITALS = 0.85;

/** Type size and line pitch of one page, from its lines of verse (several words, body size). */
function pageMeasures(lines: LayoutLine[]): Partial<PageMeasures> & { lines: number } {
  const wordy = lines.filter((l) => l.words.length >= 3);
  const em = median(wordy.map((l) => l.size));
  // Heights of the verse's letters, from lines of the body's size (not a running head's).
  const body = wordy.filter((l) => Math.abs(l.size - em) < em * 0.2);
  const bodyCap = median(body.map((l) => l.capHeight).filter((c): c is number => c !== undefined));
  const bodyX = median(body.map((l) => l.xHeight).filter((c): c is number => c !== undefined));
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1];
    const b = lines[i];
    if (a.words.length >= 2 && b.words.length >= 2 && Math.abs(a.size - em) < em * 0.25 && Math.abs(b.size - em) < em * 0.25)
      gaps.push(b.baseline - a.baseline);
  }
  // The common small gap is the leading; stanza breaks and poem gaps are the larger ones.
  const pitch = gaps.length >= 3 ? percentile(gaps, 0.3) : NaN;
  return { em, bodyCap, bodyX, pitch, lines: wordy.length };
}

/** Measures for every page: its own where it has enough verse, else the batch's. */
function measuresFor(pages: LayoutLine[][]): PageMeasures[] {
  const own = pages.map(pageMeasures);
  const pick = (key: 'em' | 'bodyCap' | 'bodyX' | 'pitch') =>
    median(own.map((m) => m[key]).filter((v): v is number => v !== undefined && Number.isFinite(v)));
  const batch = { em: pick('em'), bodyCap: pick('bodyCap'), bodyX: pick('bodyX'), pitch: pick('pitch') };
  return own.map((m) => {
    const em = m.lines >= 4 && Number.isFinite(m.em) ? m.em! : Number.isFinite(batch.em) ? batch.em : 30;
    const bodyCap = m.lines >= 4 && Number.isFinite(m.bodyCap) ? m.bodyCap : Number.isFinite(batch.bodyCap) ? batch.bodyCap : undefined;
    const bodyX = m.lines >= 4 && Number.isFinite(m.bodyX) ? m.bodyX : Number.isFinite(batch.bodyX) ? batch.bodyX : undefined;
    const raw = Number.isFinite(m.pitch) ? m.pitch! : Number.isFinite(batch.pitch) ? batch.pitch : em * 1.45;
    // A page of short stanzas may show no plain leading at all: leading is at most 1.8 em.
    return { em, bodyCap, bodyX, pitch: Math.min(Math.max(raw, em * 1.05), em * 1.8) };
  });
}

/**
 * The left edge most lines start from: the leftmost edge two lines or more share to a quarter em.
 * A lone line further left (a speck or a broken letter read before its first word) is noise, and
 * does not move the margin of the lines set flush a little to its right.
 */
export function textMargin(lines: LayoutLine[], em: number): number {
  const lefts = lines.map((l) => l.left).sort((a, b) => a - b);
  if (lefts.length === 0) return 0;
  const needed = Math.min(2, lefts.length);
  for (const candidate of lefts) {
    const near = lefts.filter((x) => x >= candidate && x < candidate + em * 0.25);
    if (near.length >= needed) return median(near);
  }
  return lefts[0];
}

/** Whether a line's type is the verse's size: neither its capitals nor its small letters stand taller. */
function bodySized(line: LayoutLine, m: PageMeasures): boolean {
  const byCapitals = line.capHeight !== undefined && m.bodyCap ? line.capHeight / m.bodyCap : undefined;
  const bySmalls = line.xHeight !== undefined && m.bodyX ? line.xHeight / m.bodyX : undefined;
  const ratios = [byCapitals, bySmalls].filter((r): r is number => r !== undefined);
  return ratios.length ? Math.max(...ratios) < TITLE_SIZE : line.size < m.em * 1.25;
}

type Kind = 'title' | 'numeral' | 'verse' | 'mark';

interface Classified {
  line: LayoutLine;
  kind: Kind;
}

/** Tells titles, numerals, marks and verse apart on one page (furniture already removed). */
function classify(lines: LayoutLine[], m: PageMeasures, pageWidth: number, margin: number): Classified[] {
  const measure = Math.max(...lines.map((l) => l.right));
  const verseCapitals = lines.filter((l) => l.words.length >= 3 && isCapitals(l.text)).length;
  const verseIsCapitals = verseCapitals > lines.filter((l) => l.words.length >= 3).length / 2;
  const gapBefore = (i: number) => (i === 0 ? Infinity : lines[i].baseline - lines[i - 1].baseline);
  const gapAfter = (i: number) => (i === lines.length - 1 ? Infinity : lines[i + 1].baseline - lines[i].baseline);

  const looksLikeHeading = (line: LayoutLine): boolean => {
    if (line.words.length > 14) return false;
    const larger = !bodySized(line, m);
    const capitals = isCapitals(line.text) && !verseIsCapitals;
    // Centred and short: a deeply indented line of verse may sit near the middle too, but runs long.
    const centre = (line.left + line.right) / 2;
    const short = line.right - line.left <= (measure - margin) * 0.55;
    const centred =
      Math.abs(centre - pageWidth / 2) < pageWidth * 0.05 && line.left > margin + m.em * 1.5 && short && !/[,;:]$/.test(line.text);
    return larger || capitals || centred;
  };

  const kinds: Kind[] = [];
  lines.forEach((line, i) => {
    // Under a numeral or a title line, a heading needs no space of its own above it.
    const underHeading = kinds[i - 1] === 'numeral' || kinds[i - 1] === 'title';
    // A line wholly in small capitals (its capitals no taller than lower case) is a label, such as
    // a speaker's name in a play: a printer fitting a page may take some of the space above it.
    const smallCapitals =
      isCapitals(line.text) &&
      line.words.length <= SPEAKER_WORDS &&
      line.capHeight !== undefined &&
      m.bodyCap !== undefined &&
      line.capHeight < m.bodyCap * SMALL_CAPITALS;
    const apartBefore = gapBefore(i) >= m.pitch * (smallCapitals ? 1.1 : 1.3) || underHeading;
    const apartAfter = gapAfter(i) >= m.pitch * 1.15;
    const letters = line.text.replace(/[^\p{L}\p{N}]/gu, '');
    // A capital numeral alone closing the page away from the margin heads what follows, however close
    // under the verse (a number beginning a line of verse stands at the margin).
    const footNumeral = i === lines.length - 1 && i > 0 && !/\d/.test(line.text) && line.left > margin + m.em;
    if (isSectionNumeral(line.text) && (gapBefore(i) >= m.pitch * 1.3 || footNumeral)) kinds.push('numeral');
    else if (letters.length <= 2 && apartBefore && apartAfter) kinds.push('mark');
    else kinds.push(looksLikeHeading(line) && apartBefore ? 'title' : 'verse');
  });
  // A heading must stand apart from what follows, unless a second line of the same title follows.
  for (let i = lines.length - 1; i >= 0; i--) {
    if (kinds[i] !== 'title') continue;
    const next = kinds[i + 1];
    const sameTitle = next === 'title' && gapAfter(i) < Math.max(lines[i].size, lines[i + 1].size) * 1.9;
    if (!sameTitle && gapAfter(i) < m.pitch * 1.15) kinds[i] = 'verse';
  }
  return lines.map((line, i) => ({ line, kind: kinds[i] }));
}

interface PageDraft {
  index: number;
  folio?: number;
  items: PageItem[];
  margin: number;
  m: PageMeasures;
  /** Baseline of the last line of verse, as a share of the page's height. */
  lastVerse?: number;
  /** Baseline of the page's first line, as a share of its height, when that line is verse. */
  firstVerse?: number;
  /** Baseline of the page's first line of any kind (title or verse), as a share of its height. */
  firstLine?: number;
}

function draftPage(page: OcrPage, read: LayoutLine[], m: PageMeasures, folio: number | undefined): PageDraft {
  // The margin is measured without marks that may lie left of the text block; those that do are
  // dropped, and a mark-like word within the block (a line opening with "—  ") is kept as printed.
  const unmarked = read.map((l) => withoutMarginMark(l, m.em));
  const margin = textMargin(
    unmarked.flatMap((l) => (l && l.words.length >= 2 ? [l] : [])),
    m.em,
  );
  const lines = read.flatMap((l, i) => {
    const bare = unmarked[i];
    if (bare === l) return [l];
    const marks = bare ? l.words.slice(0, l.words.length - bare.words.length) : l.words;
    return Math.max(...marks.map((w) => w.right)) < margin ? (bare ? [bare] : []) : [l];
  });
  const cleaned = lines.map((l) => dropEdgeMarks(l, margin, m.em));
  const classified = classify(cleaned, m, page.width, margin);
  const items: PageDraft['items'] = [];
  // The printed lines of each title, to tell a title from a passage of prose in larger type.
  const titleLines = new Map<PageItem, LayoutLine[]>();
  let previous: Classified | undefined;
  let lastVerse: number | undefined;
  classified.forEach((c, i) => {
    const next = classified[i + 1];
    if (c.kind === 'mark') return;
    if (c.kind === 'numeral') {
      // Over a title it only numbers the poem; over verse it is the poem's title.
      if (next?.kind === 'title') return;
      // A part number of a poem or an untitled poem's title: the batch tells (section-numerals).
      items.push({ kind: 'numeral', text: c.line.text, verse: { line: c.line, offset: 0, reach: 0 } });
      previous = c;
      return;
    }
    // A line in upper and lower case right under a heading in capitals is not more of that heading
    // (the lines of one title share their type): it is the text the heading stands over, such as
    // the words a speaker's name in a play stands over.
    const underCapitals =
      c.kind === 'title' &&
      previous?.kind === 'title' &&
      isCapitals(previous.line.text) &&
      !isCapitals(c.line.text) &&
      c.line.baseline - previous.line.baseline < m.pitch * 1.9;
    if (c.kind === 'title' && !underCapitals) {
      const last = items[items.length - 1];
      if (
        previous?.kind === 'title' &&
        last?.kind === 'title' &&
        c.line.baseline - previous.line.baseline < Math.max(c.line.size, previous.line.size) * 1.9
      ) {
        last.text = `${last.text} ${c.line.text}`;
        titleLines.get(last)!.push(c.line);
      } else {
        const item: PageItem = { kind: 'title', text: c.line.text };
        items.push(item);
        titleLines.set(item, [c.line]);
      }
      previous = c;
      return;
    }
    const breakBefore = previous?.kind === 'verse' && c.line.baseline - previous.line.baseline > m.pitch * STANZA_GAP;
    items.push({
      kind: 'verse',
      verse: { line: c.line, offset: (c.line.left - margin) / m.em, reach: (c.line.right - margin) / m.em },
      breakBefore,
    });
    lastVerse = c.line.baseline / page.height;
    previous = c;
  });
  const first = classified.find((c) => c.kind !== 'mark');
  const firstLine = first ? first.line.baseline / page.height : undefined;
  const firstVerse = first?.kind === 'verse' ? firstLine : undefined;
  // Three printed lines or more set like a title are a passage of prose in larger type (a preface,
  // a note): kept line by line as text, never folded into a title (a poem of no verse is dropped).
  const kept = items.flatMap((item): PageItem[] => {
    const lines = titleLines.get(item);
    if (item.kind === 'title' && lines?.length === 1 && lines[0].words.length <= SPEAKER_WORDS && bodySized(lines[0], m))
      return [{ ...item, speaker: lines[0] }];
    if (!lines || lines.length < 3) return [item];
    return lines.map((line, k) => ({
      kind: 'verse',
      verse: { line, offset: Math.max(0, (line.left - margin) / m.em), reach: (line.right - margin) / m.em },
      breakBefore: k === 0,
    }));
  });
  return { index: page.index, folio, items: kept, margin, m, lastVerse, firstVerse, firstLine };
}

/**
 * The book's indent step in em: the largest of the indentations its lines share that every other
 * indentation is (nearly) a whole number of, so deeper levels count in steps of it. A lone line
 * set a little off (a ragged photo) does not make the step; a level used once still counts.
 * Between half an em and four.
 */
export function indentStep(offsets: number[]): number | undefined {
  const indented = offsets.filter((o) => o >= 0.5 && o <= 12).sort((a, b) => a - b);
  const clusters: number[][] = [];
  for (const o of indented) {
    const last = clusters[clusters.length - 1];
    if (last && o - last[last.length - 1] < 0.35) last.push(o);
    else clusters.push([o]);
  }
  if (clusters.length === 0) return undefined;
  const levels = clusters.map((c) => ({ at: median(c), lines: c.length }));
  const total = indented.length;
  const misfit = (step: number) =>
    levels.reduce((sum, l) => sum + l.lines * Math.abs(l.at / step - Math.max(1, Math.round(l.at / step))), 0) / total;
  const fitting = levels.map((l) => l.at).filter((step) => step <= 4 && misfit(step) <= 0.15);
  const step = fitting.length ? Math.max(...fitting) : median(clusters.find((c) => c.length >= 2) ?? clusters[0]);
  return Math.min(4, step);
}

/** Leading spaces for a line indented `offset` em, with the book's indent step. */
export function indentFor(offset: number, step: number | undefined): string {
  if (step === undefined || offset < step * 0.5) return '';
  const levels = Math.max(1, Math.round(offset / step));
  const spacesPerLevel = 2 * Math.min(4, Math.max(1, Math.round(step)));
  return ' '.repeat(levels * spacesPerLevel);
}

/**
 * What was read of a line, for proofreading: its box on the photo (the bounds of its words' boxes,
 * carried back from the flattened page), and its words' confidences.
 */
function lineRead(line: LayoutLine, page: OcrPage): LineRead {
  const words = line.words.map((w) => ({ text: w.text, confidence: Math.max(0, Math.min(1, w.confidence / 100)) }));
  const boxes = line.words.flatMap((w) => (w.box ? [w.box] : []));
  if (!page.photo || boxes.length === 0) return { box: null, words };
  const { width, height, fromPage } = page.photo;
  const on = boxOnPhoto(boxes.reduce(unionBox), fromPage);
  const x0 = Math.max(0, on.x0 / width);
  const y0 = Math.max(0, on.y0 / height);
  const x1 = Math.min(1, on.x1 / width);
  const y1 = Math.min(1, on.y1 / height);
  return { box: x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null, words };
}

/** What is known of the book beyond the pages read. */
export interface ReadingContext {
  /** The text these pages may continue: the publication's last poem, from an earlier upload. */
  before?: string;
  /** The book's own title and authors (its publication's), which its running heads print. */
  names?: BookNames;
}

/**
 * Lays out every page of a batch in book order, using the whole batch for what pages share, the
 * book's own names (its publication's title and authors) for the running heads that print them, and
 * the text the pages may continue (a play's scene) for its speakers.
 */
export function analysePages(pages: OcrPage[], context: ReadingContext = {}): PageLayout[] {
  const straightened = pages.map((p) => straightenLines(p));
  const measures = measuresFor(straightened);
  const repeatedHeads = findRepeatedHeads(
    straightened,
    measures.map((m) => m.em),
  );
  const bookNames = bookNameKeys(context.names);
  const strip = (i: number, headLine?: number) =>
    stripFurniture(straightened[i], measures[i], {
      repeatedHeads,
      bookNames,
      previousPage: straightened[i - 1],
      nextPage: straightened[i + 1],
      pageWidth: pages[i].width,
      headLine,
    });
  let furnished = straightened.map((_, i) => strip(i));
  // Where heads marked by surer signs than small type (a folio, repeating, naming the book) show the
  // line the book's heads stand on, a head marked by its small type alone must stand on it too.
  const headLine = median(furnished.flatMap((f, i) => (f.head?.sure ? [f.head.baseline / pages[i].height] : [])));
  if (Number.isFinite(headLine)) furnished = furnished.map((f, i) => (f.head && !f.head.sure ? strip(i, headLine * pages[i].height) : f));
  // A page photographed twice in the batch (its lines read alike) has one folio.
  const folios = numberPhotos(
    furnished.map((f) => f.folio),
    (i, j) => samePage(straightened[j], straightened[i]),
  );
  const drafts = pages.map((page, i) => draftPage(page, furnished[i].lines, measures[i], folios[i]));

  // The measure: how far the longest lines of the batch reach from the margin, in em. Turned
  // lines are rejoined first, so their deep-set ends do not pass for the book's indentation.
  const measure = Math.max(0, ...drafts.flatMap((d) => d.items.flatMap((it) => (it.kind === 'verse' ? [it.verse.reach] : []))));
  // Paragraphs of prose first: their first-line indent is no verse indent, nor a turned end.
  const joined = resolveNumerals(
    resolveSpeakers(
      drafts.map((d) => d.items),
      context.before,
    ),
  ).map((items) => joinTurnedLines(keepParagraphs(items), { measure }));
  const step = indentStep(joined.flat().flatMap((it) => (it.kind === 'verse' ? [it.verse.offset] : [])));

  return drafts.map((d, i) => {
    const blocks: PoemBlock[] = [];
    let block: PoemBlock | undefined;
    for (const item of joined[i]) {
      if (item.kind === 'title') {
        block = { title: item.text, lines: [], reads: [] };
        blocks.push(block);
        continue;
      }
      if (!block) {
        block = { lines: [], reads: [] };
        blocks.push(block);
      }
      if (item.breakBefore && block.lines.length > 0) {
        block.lines.push('');
        block.reads!.push(null);
      }
      block.lines.push(indentFor(item.verse.offset, step) + item.verse.line.text);
      block.reads!.push(lineRead(item.verse.line, pages[i]));
    }
    // The text block's foot and top are where the batch's other pages reach: a full page may stop
    // up to a line above the foot, so only a page a line or more shorter has room left over.
    const pitch = d.m.pitch / pages[i].height;
    const others = drafts.filter((o, k) => k !== i);
    const feet = others.flatMap((o) => (o.lastVerse === undefined ? [] : [o.lastVerse]));
    const tops = others.flatMap((o) => (o.firstLine === undefined ? [] : [o.firstLine]));
    const endsShort = d.lastVerse !== undefined && feet.length > 0 && Math.max(...feet) - d.lastVerse >= pitch * 0.9;
    // A page opening on a speaker's name opens a speech: set apart from the speech before, as a stanza.
    const opensSpeech = joined[i][0]?.kind === 'verse' && joined[i][0].speaker === true;
    const startsLow = opensSpeech || (d.firstVerse !== undefined && tops.length > 0 && d.firstVerse - Math.min(...tops) >= pitch * 0.9);
    return { index: d.index, pageNumber: d.folio, blocks, endsShort, startsLow };
  });
}
