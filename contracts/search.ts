/**
 * GET /api/search/?q= and the /search page: published poems and publications matching a text.
 * Highlighted fields are HTML: every character of the archive's text is escaped, and the only
 * markup is <mark>…</mark> around the words that matched.
 */

/** Longest search text, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;

export interface PoemSearchHit {
  id: number;
  slug: string;
  title: string;
  /** The title, escaped, with matches marked. */
  title_html: string;
  /** The best-matching line with its neighbours (lines separated by "\n"), escaped, matches marked. */
  snippet_html: string;
  /** The same lines with their indentation (contracts/verse.ts), for setting them as verse. */
  snippet_lines: SnippetLine[];
  publication: { id: number; slug: string; title: string };
  /** Higher is better; only the order means anything. */
  score: number;
}

export interface SnippetLine {
  /** Leading spaces of the line in the poem. */
  indent: number;
  /** The line, escaped, matches marked. */
  html: string;
}

export interface PublicationSearchHit {
  id: number;
  slug: string;
  title: string;
  title_html: string;
  /** The authors joined with commas, escaped, matches marked; empty when none are named (the poet's). */
  authors_html: string;
  /** Publisher and date as one line, escaped, matches marked. */
  details_html: string;
  poem_count: number;
  score: number;
}

export interface SearchResults {
  /** The text searched for, trimmed. */
  q: string;
  poems: PoemSearchHit[];
  /** How many poems match in all (the list holds at most `limit`). */
  poem_total: number;
  publications: PublicationSearchHit[];
  publication_total: number;
  /**
   * When few items match the words as typed, the lists above also hold matches of the archive's
   * words spelt alike (ranked below matches as typed), and this is the text with each word the
   * archive does not hold replaced by the most alike word it does ("tiger tiger" -> "tyger
   * tyger"); null otherwise.
   */
  did_you_mean: string | null;
}

/** Fewer poems and collections than this matching the words as typed, and the search forgives spellings. */
export const FEW_MATCHES = 3;
