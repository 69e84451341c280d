/**
 * How a visitor's search text becomes terms, and how matches are shown. The database matches with
 * the same rule (see the search migrations): accents and case folded, whole words of one letter,
 * longer words also as the start of a word ("riv" finds "river"), and words of the archive alike
 * in spelling ("traveled" for "travelled") as alternatives.
 */
import { SEARCH_QUERY_MAX_LENGTH, type SnippetLine } from '../../../contracts/search.js';
import { setVerse } from '../../../contracts/verse.js';
import { SearchError } from './search.errors.js';

export interface SearchTerm {
  word: string;
  /** Matches any word starting with `word` (else only the word itself). */
  prefix: boolean;
  /** Words of the archive spelt alike, which match too (whole words), best first. */
  alike: string[];
}

/** Words shorter than this are taken as typed: three letters have too few trigrams to compare. */
export const MIN_ALIKE_LENGTH = 4;

/** At most this many words are searched for; a pasted stanza is more than anyone remembers. */
export const MAX_TERMS = 24;

const WORD = /[\p{L}\p{N}]+/gu;
// Letters NFD does not take apart, folded as PostgreSQL's unaccent rules fold them.
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case without accents, as the search configuration folds text. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (c) => LIGATURES[c]!);
}

/** The trimmed text, or a SearchError when it is empty or too long. */
export function checkQuery(raw: string | undefined): string {
  const q = (raw ?? '').trim();
  if (!q) throw SearchError.emptyQuery();
  if ([...q].length > SEARCH_QUERY_MAX_LENGTH) throw SearchError.queryTooLong();
  return q;
}

/** The distinct words of the text, folded, in order. Empty when it holds no letters or digits. */
export function searchTerms(q: string): SearchTerm[] {
  const words = [...new Set(fold(q).match(WORD) ?? [])].slice(0, MAX_TERMS);
  return words.map((word) => ({ word, prefix: [...word].length > 1, alike: [] }));
}

/** The words in order, duplicates kept: what a phrase match looks for. */
export function phraseWords(q: string): string[] {
  return (fold(q).match(WORD) ?? []).slice(0, MAX_TERMS * 2);
}

/** The distinct folded words of a text. */
export function wordsOf(text: string): Set<string> {
  return new Set(fold(text).match(WORD) ?? []);
}

function matches(folded: string, terms: SearchTerm[]): SearchTerm | undefined {
  return terms.find((t) => (t.prefix ? folded.startsWith(t.word) : folded === t.word) || t.alike.includes(folded));
}

/**
 * "Did you mean": the text as typed with each word the archive does not hold (`unknown`) replaced
 * by its most alike word that the results show (`shown`, so a word of a draft is never proposed).
 * Null when no word changes.
 */
export function suggestion(q: string, terms: SearchTerm[], unknown: Set<string>, shown: Set<string>): string | null {
  const replacement = new Map<string, string>();
  for (const t of terms) {
    const better = unknown.has(t.word) ? t.alike.find((w) => shown.has(w)) : undefined;
    if (better) replacement.set(t.word, better);
  }
  if (replacement.size === 0) return null;
  return phraseWords(q)
    .map((w) => replacement.get(w) ?? w)
    .join(' ');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The text escaped for HTML, each matching word wrapped in <mark>: the only markup it carries. */
export function highlight(text: string, terms: SearchTerm[]): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    if (!matches(fold(m[0]), terms)) continue;
    out += `${escapeHtml(text.slice(last, m.index))}<mark>${escapeHtml(m[0])}</mark>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** Longest line a snippet shows whole; longer ones (prose poems) are cut around the first match. */
const LINE_LIMIT = 200;

function clip(line: string, terms: SearchTerm[]): string {
  if (line.length <= LINE_LIMIT) return line;
  const first = [...line.matchAll(WORD)].find((m) => matches(fold(m[0]), terms));
  let start = Math.max(0, (first?.index ?? 0) - 60);
  if (start > 0) start = line.indexOf(' ', start) + 1 || start;
  let end = Math.min(line.length, start + LINE_LIMIT);
  if (end < line.length) end = line.lastIndexOf(' ', end) > start ? line.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
}

/**
 * A few lines of the poem around its best-matching line (the most distinct words matched), with
 * matches marked and their indentation (contracts/verse.ts); the opening lines when only the
 * title matched.
 */
export function snippet(body: string, terms: SearchTerm[]): SnippetLine[] {
  const verse = setVerse(body).stanzas.flat();
  const lines = verse.map((l) => l.text);
  let best = -1;
  let bestCount = 0;
  lines.forEach((line, index) => {
    const found = new Set<string>();
    for (const m of line.matchAll(WORD)) {
      const term = matches(fold(m[0]), terms);
      if (term) found.add(term.word);
    }
    if (found.size > bestCount) {
      best = index;
      bestCount = found.size;
    }
  });
  const around = best < 0 ? verse.slice(0, 2) : verse.slice(Math.max(0, best - 1), best + 2);
  return around.map((line) => ({ indent: line.indent, html: highlight(clip(line.text, terms), terms) }));
}
