import type { ExtractedMetadata } from '../extraction.port.js';
import type { LayoutLine } from './page-layout.js';

/**
 * Reads publication metadata from the lines of cover, title and copyright pages:
 * - title: the largest type on any page, with directly adjoining lines of nearly the same size;
 * - authors: a "by ..." line, else the "Copyright ... by ..." holder, else a name-like line on
 *   the page that carries the title;
 * - publisher: "Published by X", else a line naming a press, publishing house, books or editions;
 * - date: a month and year where printed ("First edition, March 1987"), else the copyright year;
 * - ISBN: ISBN-10 or ISBN-13 after "ISBN", OCR look-alikes (O for 0, l for 1) repaired; a
 *   candidate whose check digit is right wins, but a misread one is still reported for review.
 */

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const PUBLISHER_WORDS = /\b(Press|Publishing|Publishers?|Books|House|Editions?|Verlag|Imprint)\b/i;

function splitNames(text: string): string[] {
  return text
    .split(/\s*(?:,|&|\band\b)\s*/i)
    .map((s) => s.trim().replace(/[.;:]+$/, ''))
    .filter((s) => s.length > 1);
}

function looksLikeName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length >= 2 && words.length <= 5 && words.every((w) => /^[A-Z][\p{L}'.-]*$/u.test(w)) && !PUBLISHER_WORDS.test(text);
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

/** Finds ISBNs in text; valid check digits first. Returns them as printed (hyphens kept). */
export function findIsbn(text: string): string {
  const candidates: Array<{ printed: string; valid: boolean }> = [];
  const re = /ISBN(?:-?1[03])?[ \t:.]*([0-9OoIlX][0-9OoIlX \t-]{8,20}[0-9OoIlXx])/gi;
  for (const m of text.matchAll(re)) {
    const printed = m[1]
      .replace(/[Oo]/g, '0')
      .replace(/[Il]/g, '1')
      .replace(/x$/, 'X')
      .trim();
    const digits = printed.replace(/[\s-]/g, '');
    for (const len of [13, 10]) {
      if (digits.length < len) continue;
      const head = digits.slice(0, len);
      if (len === 13 && !/^97[89]\d{10}$/.test(head)) continue;
      if (len === 10 && !/^\d{9}[\dX]$/.test(head)) continue;
      // Keep the printed grouping up to the last digit used.
      let used = 0;
      let cut = 0;
      while (cut < printed.length && used < len) {
        if (/[0-9X]/.test(printed[cut])) used++;
        cut++;
      }
      candidates.push({ printed: printed.slice(0, cut), valid: len === 13 ? isbn13Valid(head) : isbn10Valid(head) });
      break;
    }
  }
  return (candidates.find((c) => c.valid) ?? candidates[0])?.printed ?? '';
}

export function findDate(lines: string[]): string {
  const text = lines.join('\n');
  const monthYear = new RegExp(`\\b(${MONTHS})\\s+(1[5-9]\\d\\d|20\\d\\d)\\b`, 'i').exec(text);
  if (monthYear) return `${monthYear[1][0].toUpperCase()}${monthYear[1].slice(1).toLowerCase()} ${monthYear[2]}`;
  const dated = lines.find((l) => /(copyright|©|\(c\)|published|edition|printed)/i.test(l) && /\b(1[5-9]\d\d|20\d\d)\b/.test(l));
  const year = /\b(1[5-9]\d\d|20\d\d)\b/.exec(dated ?? text);
  return year ? year[1] : '';
}

export function findPublisher(lines: string[]): string {
  for (const line of lines) {
    const m = /\bpublished\s+by\s+(?:the\s+)?(.+)/i.exec(line);
    if (m) return m[1].split(/\s*[,;]\s*/)[0].trim().replace(/\.$/, '');
  }
  const named = lines.find((l) => PUBLISHER_WORDS.test(l) && !/(copyright|©|all rights|reproduced|permission)/i.test(l));
  return named ? named.split(/\s*[,;]\s*/).find((part) => PUBLISHER_WORDS.test(part))!.trim() : '';
}

export function findAuthors(pages: LayoutLine[][], titlePage: number): string[] {
  const all = pages.flat().map((l) => l.text);
  for (const text of all) {
    const m = /^by\s+(.+)$/i.exec(text.trim());
    if (m) return splitNames(m[1]);
  }
  for (const text of all) {
    const m = /(?:copyright|©|\(c\))\s*(?:©\s*)?(?:\d{4}\s*)?(?:,\s*)?by\s+(.+)$/i.exec(text);
    if (m) return splitNames(m[1].replace(/\b\d{4}\b/g, ''));
  }
  const candidates = (pages[titlePage] ?? []).filter((l) => looksLikeName(l.text)).sort((a, b) => b.size - a.size);
  return candidates.length ? [candidates[0].text] : [];
}

function findTitle(pages: LayoutLine[][]): { title: string; page: number } {
  let best: { line: LayoutLine; page: number } | undefined;
  pages.forEach((lines, page) => {
    for (const line of lines) {
      if (line.text.replace(/[^\p{L}]/gu, '').length < 2) continue;
      if (!best || line.size > best.line.size) best = { line, page };
    }
  });
  if (!best) return { title: '', page: -1 };
  const lines = [...pages[best.page]].sort((a, b) => a.baseline - b.baseline);
  const at = lines.indexOf(best.line);
  const similar = (a: LayoutLine, b: LayoutLine) => a.size >= b.size * 0.85 && Math.abs(a.baseline - b.baseline) < Math.max(a.size, b.size) * 1.9;
  let start = at;
  let end = at;
  while (start > 0 && similar(lines[start - 1], lines[start])) start--;
  while (end + 1 < lines.length && similar(lines[end + 1], lines[end])) end++;
  return { title: lines.slice(start, end + 1).map((l) => l.text).join(' '), page: best.page };
}

export function readMetadata(pages: LayoutLine[][]): ExtractedMetadata {
  const texts = pages.flat().map((l) => l.text);
  const { title, page } = findTitle(pages);
  return {
    title,
    authors: findAuthors(pages, page),
    publisher: findPublisher(texts),
    publication_date: findDate(texts),
    isbn: findIsbn(texts.join('\n')),
    notes: '',
  };
}
