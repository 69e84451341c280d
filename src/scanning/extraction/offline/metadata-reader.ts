import type { ExtractedMetadata } from '../extraction.port.js';
import type { LayoutLine } from './layout-lines.js';

/**
 * Reads publication metadata from the lines of cover, title and copyright pages, in any order.
 * Pages are told apart by what books print on them: the copyright page carries "Copyright", "©",
 * "All rights reserved", an ISBN or a printer's line; the others are the cover and the title page.
 * - title: the largest type on the cover or title page, with adjoining lines of nearly its size;
 * - author: the name after "by" on the cover or title page ("BY" may stand on its own line above
 *   it), else the name the cover sets under its title, else the copyright holder unless that is a
 *   firm;
 * - publisher: the line naming a firm (Company, Press, Publishers, Books, House, Sons, & Co., ...)
 *   on the title or copyright page, or "Published by X", without its city ("New York: X",
 *   "X, Boston");
 * - date: a month and year where printed ("First edition, March 1987"), else the copyright year,
 *   else a year standing alone on the title page;
 * - ISBN: ISBN-10 or ISBN-13 after "ISBN", accepted only when its check digit is right, after
 *   repairing the recogniser's usual confusions (O for 0, l for 1, one misread figure); one that
 *   cannot be made right is left out of the field and named in the notes for the curator.
 */

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const FIRM_WORDS = /\b(Press|Publishing|Publishers?|Books|House|Editions?|Verlag|Imprint|Company|Co\.|Sons|Brothers|Bros\.|Ltd\.?|Limited|Inc\.?|Incorporated|Library|University|Printers?)\b|&\s*Co\b/i;
const COPYRIGHT_PAGE = /copyright|©|\(c\)|all rights reserved|\bISBN\b|printed in|first published|library of congress|no part of this/i;
const YEAR = /\b(1[5-9]\d\d|20\d\d)\b/;

function splitNames(text: string): string[] {
  return text
    .split(/\s*(?:,|&|\band\b)\s*/i)
    .map((s) => s.trim().replace(/[.;:]+$/, ''))
    .filter((s) => s.length > 1);
}

/** Two to five capitalised words, no figures, not a firm: how a person's name is printed. */
function looksLikeName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length >= 2 && words.length <= 5 && words.every((w) => /^\p{Lu}[\p{L}'’.-]*$/u.test(w)) && !FIRM_WORDS.test(text);
}

function isbn10Valid(digits: string): boolean {
  if (!/^\d{9}[\dX]$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (10 - i) * (digits[i] === 'X' ? 10 : Number(digits[i]));
  return sum % 11 === 0;
}

function isbn13Valid(digits: string): boolean {
  if (!/^97[89]\d{10}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(digits[i]) * (i % 2 ? 3 : 1);
  return sum % 10 === 0;
}

const isbnValid = (digits: string) => (digits.length === 13 ? isbn13Valid(digits) : isbn10Valid(digits));

/** Figures the recogniser mistakes for one another in book type. */
const CONFUSABLE: Record<string, string> = { '0': '869', '1': '7', '3': '85', '5': '63', '6': '508', '7': '1', '8': '3069', '9': '08' };

/** The one ISBN a single misread figure away that checks, when there is exactly one. */
function repairOneFigure(digits: string): string | undefined {
  const found = new Set<string>();
  for (let i = 0; i < digits.length; i++) {
    for (const alternative of CONFUSABLE[digits[i]] ?? '') {
      const candidate = digits.slice(0, i) + alternative + digits.slice(i + 1);
      if (isbnValid(candidate)) found.add(candidate);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Keeps the printed grouping (hyphens, spaces) of `printed` with the figures of `digits`. */
function regroup(printed: string, digits: string): string {
  let k = 0;
  let out = '';
  for (const ch of printed) {
    if (k >= digits.length) break;
    if (/[0-9X]/.test(ch)) out += digits[k++];
    else out += ch;
  }
  return out.trim();
}

export interface IsbnReading {
  /** A checked ISBN as printed (hyphens kept), or '' */
  isbn: string;
  /** What was printed after "ISBN" but does not check, when no good one was found. */
  unreadable?: string;
}

/**
 * Finds an ISBN in text; only one whose check digit is right is returned as the ISBN. An ISBN that
 * checks as printed wins over one that checks after a repair.
 */
export function readIsbn(text: string): IsbnReading {
  const re = /ISBN(?:-?1[03])?[ \t:.]*([0-9OoIlX][0-9OoIlX \t-]{8,20}[0-9OoIlXx])/gi;
  const candidates: Array<{ printed: string; digits: string }> = [];
  for (const m of text.matchAll(re)) {
    const printed = m[1].replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/x$/, 'X').trim();
    const all = printed.replace(/[\s-]/g, '');
    for (const len of [13, 10]) {
      const digits = all.slice(0, len);
      if (len === 13 ? /^97[89]\d{10}$/.test(digits) : /^\d{9}[\dX]$/.test(digits)) {
        candidates.push({ printed, digits });
        break;
      }
    }
  }
  const valid = candidates.find((c) => isbnValid(c.digits));
  if (valid) return { isbn: regroup(valid.printed, valid.digits) };
  for (const c of candidates) {
    const repaired = repairOneFigure(c.digits);
    if (repaired) return { isbn: regroup(c.printed, repaired) };
  }
  return { isbn: '', unreadable: candidates[0] ? regroup(candidates[0].printed, candidates[0].digits) : undefined };
}

/** The ISBN of `readIsbn`, or '' (kept for callers that need only the number). */
export function findIsbn(text: string): string {
  return readIsbn(text).isbn;
}

export function findDate(lines: string[]): string {
  const text = lines.join('\n');
  const monthYear = new RegExp(`\\b(${MONTHS})\\s+(1[5-9]\\d\\d|20\\d\\d)\\b`, 'i').exec(text);
  if (monthYear) return `${monthYear[1][0].toUpperCase()}${monthYear[1].slice(1).toLowerCase()} ${monthYear[2]}`;
  const dated = lines.find((l) => /(copyright|©|\(c\)|published|edition|printed)/i.test(l) && YEAR.test(l));
  const year = YEAR.exec(dated ?? '') ?? lines.map((l) => new RegExp(`^\\D{0,3}${YEAR.source}\\D{0,3}$`).exec(l.trim())).find(Boolean) ?? YEAR.exec(text);
  return year ? year[1] : '';
}

/** A firm's name without the city printed with it ("New York: Henry Holt" , "Linden Press, Boston"). */
function withoutCity(text: string): string {
  const parts = text.split(/\s*[:;,]\s*/).filter(Boolean);
  return (parts.find((p) => FIRM_WORDS.test(p)) ?? parts[0] ?? '').trim().replace(/\.$/, '');
}

export function findPublisher(lines: string[]): string {
  for (const line of lines) {
    const m = /\bpublished\s+by\s+(?:the\s+)?(.+)/i.exec(line);
    if (m) return withoutCity(m[1]);
  }
  const named = lines.find((l) => FIRM_WORDS.test(l) && !/(copyright|©|all rights|reproduced|permission|printed in)/i.test(l));
  return named ? withoutCity(named) : '';
}

interface Page {
  lines: LayoutLine[];
  copyright: boolean;
}

function findTitle(pages: Page[]): { title: string; page: number; line?: LayoutLine } {
  let best: { line: LayoutLine; page: number } | undefined;
  pages.forEach((p, page) => {
    if (p.copyright && pages.some((o) => !o.copyright)) return;
    for (const line of p.lines) {
      if (line.text.replace(/[^\p{L}]/gu, '').length < 2 || /^by$/i.test(line.text.trim())) continue;
      if (!best || line.size > best.line.size) best = { line, page };
    }
  });
  if (!best) return { title: '', page: -1 };
  const lines = [...pages[best.page].lines].sort((a, b) => a.baseline - b.baseline);
  const at = lines.indexOf(best.line);
  const similar = (a: LayoutLine, b: LayoutLine) => a.size >= b.size * 0.85 && Math.abs(a.baseline - b.baseline) < Math.max(a.size, b.size) * 1.9;
  let start = at;
  let end = at;
  while (start > 0 && similar(lines[start - 1], lines[start])) start--;
  while (end + 1 < lines.length && similar(lines[end + 1], lines[end])) end++;
  return { title: lines.slice(start, end + 1).map((l) => l.text).join(' '), page: best.page, line: best.line };
}

function findAuthors(pages: Page[], title: { page: number; line?: LayoutLine }): string[] {
  const front = pages.filter((p) => !p.copyright);
  for (const page of front) {
    const lines = [...page.lines].sort((a, b) => a.baseline - b.baseline);
    for (const [i, line] of lines.entries()) {
      const text = line.text.trim();
      const inline = /^by\s+(.+)$/i.exec(text);
      if (inline) return splitNames(inline[1]);
      if (/^by$/i.test(text) && lines[i + 1]) return splitNames(lines[i + 1].text);
    }
  }
  // The cover sets the author's name under the title.
  for (const page of front) {
    const lines = [...page.lines].sort((a, b) => a.baseline - b.baseline);
    const name = lines.find((l) => (title.line ? l.baseline > title.line.baseline : true) && looksLikeName(l.text) && l !== title.line);
    if (name && lines.length <= 6) return [name.text.trim()];
  }
  for (const line of pages.flatMap((p) => p.lines)) {
    const m = /(?:copyright|©|\(c\))\s*(?:©\s*)?(?:\d{4}\s*)?,?\s*by\s+(.+)$/i.exec(line.text);
    if (m && !FIRM_WORDS.test(m[1])) return splitNames(m[1].replace(/\b\d{4}\b/g, ''));
  }
  const named = (pages[title.page]?.lines ?? []).filter((l) => looksLikeName(l.text)).sort((a, b) => b.size - a.size);
  return named.length ? [named[0].text.trim()] : [];
}

export function readMetadata(input: LayoutLine[][]): ExtractedMetadata {
  const pages: Page[] = input.map((lines) => ({ lines, copyright: lines.some((l) => COPYRIGHT_PAGE.test(l.text)) }));
  const texts = input.flat().map((l) => l.text);
  const title = findTitle(pages);
  // A copyright holder that is a firm ("Copyright, 1916, by Henry Holt and Company") is the publisher.
  const copyrightLines = pages.filter((p) => p.copyright).flatMap((p) => p.lines.map((l) => l.text));
  const holder = copyrightLines.map((t, i) => (/^by$/i.test(t.trim()) ? copyrightLines[i + 1] : /\bby\s+(.+)$/i.exec(t)?.[1])).find((h) => h && FIRM_WORDS.test(h));
  const frontLines = pages.filter((p) => !p.copyright).flatMap((p) => p.lines.map((l) => l.text));
  const isbn = readIsbn(texts.join('\n'));
  const authors = findAuthors(pages, title);
  // The title and the author's name can hold a firm's word ("The House of Dust"); they are not the publisher.
  const others = frontLines.filter((t) => !/^by\b/i.test(t) && !title.title.includes(t.trim()) && !authors.some((a) => t.includes(a)));
  return {
    title: title.title,
    authors,
    publisher: findPublisher([...others, ...(holder ? [holder] : []), ...copyrightLines]),
    publication_date: findDate(texts),
    isbn: isbn.isbn,
    notes: isbn.unreadable ? `ISBN as read from the photo, which fails its check digit: ${isbn.unreadable}` : '',
  };
}
