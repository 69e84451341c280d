/**
 * How a visitor's search text becomes terms, and how matches are shown. The database matches with
 * the same rule (see the search migration): accents and case folded, whole words of one letter,
 * longer words also as the start of a word ("riv" finds "river").
 */
import { SEARCH_QUERY_MAX_LENGTH } from '../../../contracts/search.js';
import { SearchError } from './search.errors.js';

export interface SearchTerm {
  word: string;
  /** Matches any word starting with `word` (else only the word itself). */
  prefix: boolean;
}

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
  return words.map((word) => ({ word, prefix: [...word].length > 1 }));
}

/** The words in order, duplicates kept: what a phrase match looks for. */
export function phraseOf(q: string): string {
  return (fold(q).match(WORD) ?? []).join(' ');
}

function matches(folded: string, terms: SearchTerm[]): SearchTerm | undefined {
  return terms.find((t) => (t.prefix ? folded.startsWith(t.word) : folded === t.word));
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
 * matches marked; the opening lines when only the title matched. Lines are joined with "\n".
 */
export function snippet(body: string, terms: SearchTerm[]): string {
  const lines = body.split('\n').map((l) => l.trim());
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
  const around = best < 0 ? lines.filter(Boolean).slice(0, 2) : lines.slice(Math.max(0, best - 1), best + 2).filter(Boolean);
  return around.map((line) => highlight(clip(line, terms), terms)).join('\n');
}
