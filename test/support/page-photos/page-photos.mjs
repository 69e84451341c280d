/**
 * Renders photographs of printed book pages together with their ground truth, so extraction
 * tests and the scan benchmark can compare what was read against what was printed.
 *
 * Pages are typeset as SVG in DejaVu Serif (Debian package fonts-dejavu-core) and rasterised by
 * sharp (librsvg), then made to look photographed: uneven paper tone, ink that is not quite black,
 * sensor noise, slight blur, the page lying on a darker table, a 1-2 degree tilt and JPEG
 * compression. Plain ESM so the benchmark can import it without a build step.
 *
 * Typesetting rules the extractor is expected to recover:
 * - one leading space is half an em of body type, so one indent step (4 spaces) is 2 em;
 * - a stanza break is one empty line of the body's leading;
 * - titles are centred, bold and larger than body type;
 * - a running header (poet on even pages, book title on odd pages) sits above the text block and
 *   the printed page number is centred below it (or in the header's outer corner); with the
 *   unnumberedOpenings option a page on which a poem opens prints none, as many books do (and the
 *   pages listed in unreadableFolios none, as a scan that cut the number off); with
 *   headlessOpenings such a page prints no header; with plainHeads the header is set in the text's
 *   own type and case, not in small letter-spaced capitals, so only what it says marks it;
 * - a line too long for the measure is turned over, as printers of verse do: the words that fit
 *   stay, the rest is set on the next printed line flush with the right margin (after a "[" with
 *   the turnoverBracket option, or hanging `turnoverIndent` em in from the line's start). It is
 *   still one line of the poem;
 * - a piece marked `prose` (a preface, a note) is set as prose: each line of its body is a
 *   paragraph, filled line by line and justified to the measure, its first line indented 1.5 em and
 *   its last line left short. Its text as printed keeps the printed lines, flush, with an empty
 *   line between paragraphs;
 * - with the speakerNames option (a verse play), a line of a poem in capitals alone is a speaker's
 *   name: set centred over the speech at body size, and never left at a page's foot without it.
 */
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';

export {
  sampleBook,
  SAMPLE_POEMS,
  SAMPLE_METADATA,
  LONG_LINED_POEMS,
  EVERY_LINE_TURNS_POEMS,
  PREFACE_AND_POEM,
  isbn10CheckDigit,
} from './sample-book.mjs';

const FONT = 'DejaVu Serif';

const PAGE = {
  width: 1600,
  height: 2400,
  left: 230,
  right: 1370,
  headerBaseline: 190,
  textTop: 330,
  textBottom: 2130,
  footerBaseline: 2270,
  body: 40,
  pitch: 60,
  title: 56,
  header: 27,
  pageNumber: 32,
};

let fontChecked = false;
function ensureFont() {
  if (fontChecked) return;
  let families = '';
  try {
    families = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  } catch {
    // fc-list missing: let librsvg try anyway, the check below reports the font as absent.
  }
  if (!families.includes(FONT)) {
    throw new Error(`Page renderer needs the "${FONT}" font (Debian package fonts-dejavu-core); install it first.`);
  }
  fontChecked = true;
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function leadingSpaces(line) {
  return line.length - line.trimStart().length;
}

/**
 * Flows the poems onto pages. A poem starts on a fresh page when fewer than six of its lines
 * would fit; a page break never falls on a stanza break (the stanza is split instead), because a
 * reader of the printed page could not tell such a break from a plain page turn either.
 */
export function layoutBook(book, options = {}) {
  const poems = options.poems ?? book.poems;
  const pages = [];
  let page;
  let y;
  const newPage = () => {
    page = { number: book.firstPageNumber + pages.length, elements: [], parts: [] };
    pages.push(page);
    y = PAGE.textTop;
  };
  newPage();
  const titleBlock = Math.round(PAGE.title * 1.3) + PAGE.pitch;
  const poemGap = PAGE.pitch * 2;

  let part;
  /** Paragraphs of prose under the title just placed: justified lines, each paragraph's first indented. */
  const setProse = (paragraphs, poemIndex) => {
    paragraphs.forEach((paragraph, p) => {
      const lines = fillMeasure(paragraph.split(' '), (k) => (PAGE.right - PAGE.left) / PAGE.body - (k === 0 ? PARAGRAPH_INDENT : 0));
      lines.forEach((text, k) => {
        if (y + PAGE.pitch > PAGE.textBottom) {
          newPage();
          part = { poemIndex, startsPoem: false, lines: [] };
          page.parts.push(part);
        }
        const x = PAGE.left + (k === 0 ? PARAGRAPH_INDENT * PAGE.body : 0);
        const words = text.split(' ');
        if (k === lines.length - 1 || words.length < 2) page.elements.push({ kind: 'line', text, x, y: y + PAGE.body, size: PAGE.body });
        else page.elements.push(...justified(words, x, y + PAGE.body));
        part.lines.push(text);
        y += PAGE.pitch;
      });
      if (p < paragraphs.length - 1) part.lines.push('');
    });
  };

  poems.forEach((poem, poemIndex) => {
    const lines = poem.body.split('\n');
    const needed = titleBlock + Math.min(6, lines.length) * PAGE.pitch;
    if (page.parts.length > 0) {
      if (y + poemGap + needed > PAGE.textBottom) newPage();
      else y += poemGap;
    }
    y += Math.round(PAGE.title * 1.1);
    page.elements.push({ kind: 'title', text: poem.title, x: PAGE.width / 2, y, size: PAGE.title, weight: 'bold', anchor: 'middle' });
    y += titleBlock - Math.round(PAGE.title * 1.1);
    part = { poemIndex, startsPoem: true, lines: [] };
    page.parts.push(part);
    if (poem.prose) {
      setProse(lines, poemIndex);
      return;
    }

    const placeLine = (text) => {
      if (options.speakerNames && isSpeakerName(text)) {
        page.elements.push({ kind: 'line', text: text.trim(), x: PAGE.width / 2, y: y + PAGE.body, size: PAGE.body, anchor: 'middle' });
        part.lines.push(text);
        y += PAGE.pitch;
        return;
      }
      const indentEm = leadingSpaces(text) / 2;
      const x = PAGE.left + indentEm * PAGE.body;
      const [kept, turned] = turnOver(text.trimStart(), PAGE.right - x);
      page.elements.push({ kind: 'line', text: kept, x, y: y + PAGE.body, size: PAGE.body });
      if (turned) {
        y += PAGE.pitch;
        const rest = options.turnoverBracket ? `[${turned}` : turned;
        if (options.turnoverIndent !== undefined)
          page.elements.push({ kind: 'line', text: rest, x: x + options.turnoverIndent * PAGE.body, y: y + PAGE.body, size: PAGE.body });
        else page.elements.push({ kind: 'line', text: rest, x: PAGE.right, y: y + PAGE.body, size: PAGE.body, anchor: 'end' });
      }
      part.lines.push(text);
      y += PAGE.pitch;
    };
    const breakPage = () => {
      newPage();
      part = { poemIndex, startsPoem: false, lines: [] };
      page.parts.push(part);
    };

    for (let i = 0; i < lines.length; i++) {
      const text = lines[i];
      if (text.trim() === '') {
        if (y + 2 * PAGE.pitch > PAGE.textBottom && part.lines.length > 1) {
          // Carry the stanza's last line over so the page turn falls inside the stanza.
          const carried = part.lines.pop();
          page.elements.pop();
          breakPage();
          placeLine(carried);
        }
        part.lines.push('');
        y += PAGE.pitch;
        continue;
      }
      // A speaker's name goes over with its speech when the speech's first line would not fit under it.
      const room = options.speakerNames && isSpeakerName(text) ? 3 : 1;
      if (y + room * PAGE.pitch > PAGE.textBottom) breakPage();
      placeLine(text);
    }
  });
  return pages;
}

/**
 * DejaVu Serif's advance widths, in em (measured from the font as librsvg sets it), so that a line is
 * turned over or justified where a printer would: only what truly does not fit is turned.
 */
const ADVANCES = {
  ' ': 0.32,
  a: 0.6,
  b: 0.64,
  c: 0.56,
  d: 0.64,
  e: 0.59,
  f: 0.37,
  g: 0.64,
  h: 0.64,
  i: 0.32,
  j: 0.31,
  k: 0.61,
  l: 0.32,
  m: 0.95,
  n: 0.64,
  o: 0.6,
  p: 0.64,
  q: 0.64,
  r: 0.48,
  s: 0.51,
  t: 0.4,
  u: 0.64,
  v: 0.57,
  w: 0.86,
  x: 0.56,
  y: 0.57,
  z: 0.53,
  A: 0.72,
  B: 0.74,
  C: 0.77,
  D: 0.8,
  E: 0.73,
  F: 0.69,
  G: 0.8,
  H: 0.87,
  I: 0.4,
  J: 0.4,
  K: 0.75,
  L: 0.66,
  M: 1.02,
  N: 0.88,
  O: 0.82,
  P: 0.67,
  Q: 0.82,
  R: 0.75,
  S: 0.67,
  T: 0.68,
  U: 0.84,
  V: 0.72,
  W: 1.03,
  X: 0.71,
  Y: 0.66,
  Z: 0.7,
  '.': 0.32,
  ',': 0.32,
  ';': 0.34,
  ':': 0.34,
  '!': 0.4,
  '?': 0.54,
  "'": 0.28,
  '"': 0.46,
  '-': 0.34,
  '’': 0.32,
  '‘': 0.32,
  '“': 0.51,
  '”': 0.51,
  '—': 1,
  '–': 0.5,
  '(': 0.39,
  ')': 0.39,
  '[': 0.39,
  ']': 0.39,
};
/** Width of a text in body type, in em (a letter not in the table counts as a figure's width). */
const textEm = (text) => [...text].reduce((sum, c) => sum + (ADVANCES[c] ?? 0.64), 0);

/** A paragraph's first-line indent, in em. */
const PARAGRAPH_INDENT = 1.5;

/** Fills lines with words, the k-th line holding at most `width(k)` em of body type. */
function fillMeasure(words, width) {
  const lines = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && textEm(`${last} ${word}`) <= width(lines.length - 1)) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A justified line: each word set on its own, the spaces between them widened so that it ends on the right margin. */
function justified(words, x, y) {
  const gap = (PAGE.right - x - words.reduce((sum, w) => sum + textEm(w), 0) * PAGE.body) / (words.length - 1);
  let cursor = x;
  return words.map((text) => {
    const element = { kind: 'word', text, x: cursor, y, size: PAGE.body };
    cursor += textEm(text) * PAGE.body + gap;
    return element;
  });
}

/** A speaker's name in a play: a line of a few words, every letter a capital. */
function isSpeakerName(text) {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toLocaleUpperCase() && text.trim().split(/\s+/).length <= 3;
}

/** Splits a line at the last word that fits `width` pixels of body type: [printed, turned over]. */
function turnOver(text, width) {
  const fits = (t) => textEm(t) * PAGE.body <= width;
  if (fits(text)) return [text, undefined];
  const words = text.split(' ');
  let n = words.length - 1;
  while (n > 1 && !fits(words.slice(0, n).join(' '))) n--;
  return [words.slice(0, n).join(' '), words.slice(n).join(' ')];
}

function pageSvg(page, book, options) {
  const els = [];
  const even = page.number % 2 === 0;
  const headerText = even ? book.authors[0] : book.title;
  const numberInHeader = options.pageNumberPosition === 'header';
  if (!(options.headlessOpenings && page.parts[0]?.startsPoem)) {
    els.push(
      options.plainHeads
        ? { kind: 'header', text: headerText, x: PAGE.width / 2, y: PAGE.headerBaseline, size: PAGE.body, anchor: 'middle' }
        : {
            kind: 'header',
            text: headerText.toUpperCase(),
            x: PAGE.width / 2,
            y: PAGE.headerBaseline,
            size: PAGE.header,
            anchor: 'middle',
            spacing: 4,
            fill: '#333',
          },
    );
  }
  const folio = numberInHeader
    ? {
        kind: 'pageno',
        text: String(page.number),
        x: even ? PAGE.left : PAGE.right,
        y: PAGE.headerBaseline,
        size: PAGE.pageNumber,
        anchor: even ? 'start' : 'end',
      }
    : { kind: 'pageno', text: String(page.number), x: PAGE.width / 2, y: PAGE.footerBaseline, size: PAGE.pageNumber, anchor: 'middle' };
  if (!(options.unnumberedOpenings && page.parts[0]?.startsPoem) && !options.unreadableFolios?.includes(page.number)) els.push(folio);
  els.push(...page.elements);
  if (options.marginMarks) els.push(...marginMarks(page.elements));
  return svgDocument(els);
}

/**
 * Marks a reader or the paper left in the margin, beside the lines of verse: a dot of ink beside the
 * second, a speck beside the fourth and the fifth, and a pencil tick beside the seventh, one to three
 * em left of the text block. They are no part of the text.
 */
function marginMarks(elements) {
  const lines = elements.filter((e) => e.kind === 'line' && e.anchor !== 'end');
  const em = PAGE.body;
  const at = (i) => lines[i] && { x: PAGE.left, y: lines[i].y - em * 0.3 };
  const marks = [];
  const dot = at(1);
  if (dot) marks.push(`<circle cx="${dot.x - em * 1.5}" cy="${dot.y}" r="${em * 0.09}" fill="#000"/>`);
  for (const i of [3, 4]) {
    const p = at(i);
    if (p) marks.push(`<ellipse cx="${p.x - em * 2.1}" cy="${p.y + em * 0.1}" rx="${em * 0.07}" ry="${em * 0.05}" fill="#222"/>`);
  }
  const tick = at(6);
  if (tick) {
    const x = tick.x - em * 3;
    const y = tick.y;
    marks.push(
      `<path d="M ${x} ${y} L ${x + em * 0.25} ${y + em * 0.35} L ${x + em * 0.75} ${y - em * 0.45}" stroke="#555" stroke-width="${em * 0.06}" fill="none" stroke-linecap="round"/>`,
    );
  }
  return marks.map((svg) => ({ kind: 'mark', svg }));
}

function svgDocument(elements) {
  const texts = elements
    .map((e) => {
      if (e.svg) return e.svg;
      const attrs = [
        `x="${e.x.toFixed(1)}"`,
        `y="${e.y.toFixed(1)}"`,
        `font-family="${FONT}"`,
        `font-size="${e.size}"`,
        e.weight ? `font-weight="${e.weight}"` : '',
        e.style ? `font-style="${e.style}"` : '',
        e.anchor ? `text-anchor="${e.anchor}"` : '',
        e.spacing ? `letter-spacing="${e.spacing}"` : '',
        `fill="${e.fill ?? '#000'}"`,
      ].filter(Boolean);
      return `<text ${attrs.join(' ')}>${escapeXml(e.text)}</text>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}" height="${PAGE.height}" viewBox="0 0 ${PAGE.width} ${PAGE.height}">
<rect width="100%" height="100%" fill="#fff"/>
${texts}
</svg>`;
}

/** Turns a clean typeset page into something that looks like a phone photograph of it. */
async function photograph(svg, rng, options) {
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const out = Buffer.alloc(width * height);
  const lightX = rng() * width;
  const lightY = rng() * height * 0.5;
  const diag = Math.hypot(width, height);
  const ink = 30 + rng() * 20;
  const noise = options.noise ?? 7;
  for (let yy = 0; yy < height; yy++) {
    for (let xx = 0; xx < width; xx++) {
      const i = yy * width + xx;
      const d = Math.hypot(xx - lightX, yy - lightY) / diag;
      const paper = 238 - 38 * d * d;
      const coverage = 1 - data[i * info.channels] / 255;
      const g = (rng() + rng() + rng() - 1.5) * 2 * noise;
      out[i] = Math.max(0, Math.min(255, Math.round(paper * (1 - coverage) + ink * coverage + g)));
    }
  }
  const border = 70;
  const angle = options.angle ?? 0;
  const blurred = await sharp(out, { raw: { width, height, channels: 1 } })
    .blur(0.7)
    .extend({ top: border, bottom: border, left: border, right: border, background: { r: 72, g: 66, b: 60 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  let photo = sharp(blurred)
    .rotate(angle, { background: { r: 72, g: 66, b: 60 } })
    .tint({ r: 255, g: 242, b: 220 });
  if (options.photoScale && options.photoScale !== 1) {
    // A camera further from the page: fewer pixels per letter.
    const rotated = await photo.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
    photo = sharp(rotated.data).resize(Math.round(rotated.info.width * options.photoScale));
  }
  return photo.jpeg({ quality: options.jpegQuality ?? 72 }).toBuffer();
}

function tiltFor(rng, options) {
  if (options.rotate === false) return 0;
  const magnitude = 1 + rng(); // 1..2 degrees
  return rng() < 0.5 ? -magnitude : magnitude;
}

/**
 * Renders the book's poems as page photographs.
 * Returns the pages (JPEG buffers with what each page holds) and the poems as printed, with the
 * page numbers each appears on.
 */
export async function renderBookPages(book, options = {}) {
  ensureFont();
  const rng = mulberry32(options.seed ?? 7);
  let layout = layoutBook(book, options);
  if (options.maxPages) layout = layout.slice(0, options.maxPages);
  const pages = [];
  for (const page of layout) {
    const angle = tiltFor(rng, options);
    const image = await photograph(pageSvg(page, book, options), rng, { ...options, angle });
    pages.push({ kind: 'poems', image, pageNumber: page.number, angle, parts: page.parts });
  }
  const poems = [];
  const byIndex = new Map();
  for (const page of pages) {
    for (const part of page.parts) {
      let poem = byIndex.get(part.poemIndex);
      if (!poem) {
        poem = { title: book.poems[part.poemIndex].title, lines: [], page_numbers: [] };
        byIndex.set(part.poemIndex, poem);
        poems.push(poem);
      }
      poem.lines.push(...part.lines);
      poem.page_numbers.push(page.pageNumber);
    }
  }
  return {
    pages,
    poems: poems.map((p) => ({ title: p.title, body: p.lines.join('\n').replace(/\n+$/, ''), page_numbers: p.page_numbers })),
  };
}

/** Renders cover, title and copyright pages; returns them with the metadata they print. */
export async function renderMetadataPages(book, options = {}) {
  ensureFont();
  const rng = mulberry32(options.seed ?? 11);
  const cx = PAGE.width / 2;
  const year = book.publication_date.match(/\d{4}/)?.[0] ?? '';
  const cover = [
    { text: book.title, x: cx, y: 820, size: 104, weight: 'bold', anchor: 'middle' },
    { text: 'Poems', x: cx, y: 960, size: 52, style: 'italic', anchor: 'middle' },
    { text: book.authors.join(' and '), x: cx, y: 1750, size: 60, anchor: 'middle' },
  ];
  const title = [
    { text: book.title, x: cx, y: 700, size: 80, weight: 'bold', anchor: 'middle' },
    { text: 'Poems', x: cx, y: 820, size: 44, style: 'italic', anchor: 'middle' },
    { text: `by ${book.authors.join(' and ')}`, x: cx, y: 1040, size: 48, anchor: 'middle' },
    { text: book.publisher, x: cx, y: 1950, size: 40, anchor: 'middle' },
    { text: book.city, x: cx, y: 2010, size: 32, anchor: 'middle' },
  ];
  const copyrightLines = [
    `Copyright \u00a9 ${year} by ${book.authors.join(' and ')}`,
    'All rights reserved. No part of this book may be',
    'reproduced without written permission from the publisher.',
    '',
    `Published by ${book.publisher}, ${book.city}`,
    `First edition, ${book.publication_date}`,
    '',
    `ISBN ${book.isbn}`,
    '',
    'Printed in the United States of America',
  ];
  const copyright = [];
  copyrightLines.forEach((text, i) => {
    if (text) copyright.push({ text, x: PAGE.left, y: 1300 + i * 48, size: 30 });
  });
  const pages = [];
  for (const [kind, elements] of [
    ['cover', cover],
    ['title', title],
    ['copyright', copyright],
  ]) {
    const angle = tiltFor(rng, options);
    pages.push({ kind, image: await photograph(svgDocument(elements), rng, { ...options, angle }), angle });
  }
  return {
    pages,
    metadata: {
      title: book.title,
      authors: book.authors,
      publisher: book.publisher,
      publication_date: book.publication_date,
      isbn: book.isbn,
    },
  };
}
