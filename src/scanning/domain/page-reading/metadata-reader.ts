import { readIsbn, unreadableIsbnNote } from './isbn.js';
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
 *   "X, Boston"); else the name after "Printed for", or partners' names joined by "&" or "and"
 *   ("Harrow & Finch"), as firms named for their founders print no firm's word;
 * - date: a month and year where printed ("First edition, March 1987"), else the copyright year,
 *   else a year standing alone on the title page;
 * - ISBN: ISBN-10 or ISBN-13 after "ISBN", accepted only when its check digit is right, after
 *   repairing the recogniser's usual confusions (O for 0, l for 1, one misread figure); one that
 *   cannot be made right is left out of the field and named in the notes for the curator.
 */

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const FIRM_WORDS =
  /\b(Press|Publishing|Publishers?|Books|House|Editions?|Verlag|Imprint|Company|Co\.|Sons|Brothers|Bros\.|Ltd\.?|Limited|Inc\.?|Incorporated|Library|University|Printers?)\b|&\s*Co\b/i;
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

export function findDate(lines: string[]): string {
  const text = lines.join('\n');
  const monthYear = new RegExp(`\\b(${MONTHS})\\s+(1[5-9]\\d\\d|20\\d\\d)\\b`, 'i').exec(text);
  if (monthYear) return `${monthYear[1][0].toUpperCase()}${monthYear[1].slice(1).toLowerCase()} ${monthYear[2]}`;
  const dated = lines.find((l) => /(copyright|©|\(c\)|published|edition|printed)/i.test(l) && YEAR.test(l));
  const year =
    YEAR.exec(dated ?? '') ??
    lines.map((l) => new RegExp(`^\\D{0,3}${YEAR.source}\\D{0,3}$`).exec(l.trim())).find(Boolean) ??
    YEAR.exec(text);
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
  const notImprint = (l: string) => !/(copyright|©|all rights|reproduced|permission|printed in)/i.test(l);
  const named = lines.find((l) => FIRM_WORDS.test(l) && notImprint(l));
  if (named) return withoutCity(named);
  // Old imprints: "Printed for J. Power, 34, Strand" names the publisher before its address.
  for (const line of lines) {
    const m = /\bprinted\s+for\s+(.+)/i.exec(line);
    if (m)
      return m[1]
        .split(/\s*,\s*/)[0]
        .trim()
        .replace(/\.$/, '');
  }
  // Partners' names joined by "&" or "and" ("Harrow & Finch", "Chatto and Windus"), with no firm's word.
  const partners = lines
    .flatMap((l) => l.split(/\s*[:;,]\s*/))
    .map((p) => p.trim().replace(/\.$/, ''))
    .find((p) => PARTNERS.test(p));
  return partners ?? '';
}

const NAME_WORD = "\\p{Lu}[\\p{L}'’.-]*";
const PARTNERS = new RegExp(`^(?:${NAME_WORD}\\s+){0,2}${NAME_WORD}\\s+(?:&|and|AND)\\s+(?:${NAME_WORD}\\s+){0,2}${NAME_WORD}$`, 'u');

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
  const similar = (a: LayoutLine, b: LayoutLine) =>
    a.size >= b.size * 0.85 && Math.abs(a.baseline - b.baseline) < Math.max(a.size, b.size) * 1.9;
  let start = at;
  let end = at;
  while (start > 0 && similar(lines[start - 1], lines[start])) start--;
  while (end + 1 < lines.length && similar(lines[end + 1], lines[end])) end++;
  return {
    title: lines
      .slice(start, end + 1)
      .map((l) => l.text)
      .join(' '),
    page: best.page,
    line: best.line,
  };
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

/** What the front pages of a book say of it: the editable fields of a publication. */
export interface BookMetadata {
  title: string;
  authors: string[];
  publisher: string;
  publication_date: string;
  isbn: string;
  notes: string;
}

export function readMetadata(input: LayoutLine[][]): BookMetadata {
  const pages: Page[] = input.map((lines) => ({ lines, copyright: lines.some((l) => COPYRIGHT_PAGE.test(l.text)) }));
  const texts = input.flat().map((l) => l.text);
  const title = findTitle(pages);
  // A copyright holder that is a firm ("Copyright, 1916, by Henry Holt and Company") is the publisher.
  const copyrightLines = pages.filter((p) => p.copyright).flatMap((p) => p.lines.map((l) => l.text));
  const holder = copyrightLines
    .map((t, i) => (/^by$/i.test(t.trim()) ? copyrightLines[i + 1] : /\bby\s+(.+)$/i.exec(t)?.[1]))
    .find((h) => h && FIRM_WORDS.test(h));
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
    notes: isbn.unreadable ? unreadableIsbnNote(isbn.unreadable) : '',
  };
}
