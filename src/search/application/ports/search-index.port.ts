import type { SearchTerm } from '../search-text.js';

/** What to look for: the terms (all must match) and the words in order, for phrase matches. */
export interface IndexQuery {
  /** Empty only with `byPoet`: every poem and book of the poet. */
  terms: SearchTerm[];
  /** The words in order (duplicates kept), each with the alternatives of its term. */
  phrase: SearchTerm[];
  limit: number;
  /** Only books by the poet: those naming no authors, or naming the poet (`poetName`, folded words). */
  byPoet?: string[];
  /** Also poems holding the words' stems in their book's language (the forgiving search). */
  stems?: boolean;
}

/** A visitor's word beside the archive's vocabulary. */
export interface AlikeWords {
  /** The archive holds the word, or a word starting with it. */
  known: boolean;
  /** Words of the archive most alike in spelling (trigram similarity), best first; never the word itself. */
  alike: string[];
}

export interface PoemMatch {
  id: number;
  slug: string;
  title: string;
  body: string;
  publication: { id: number; slug: string; title: string };
  score: number;
}

export interface PublicationMatch {
  id: number;
  slug: string;
  title: string;
  authors: string[];
  publisher: string;
  publication_date: string;
  poem_count: number;
  score: number;
}

/**
 * The search index over what visitors can read: only poems of published publications that are
 * not in the trash, and only such publications. A term matches as typed or as one of its
 * alternatives. Best first: 1. every term in the title, 2. the words as a phrase, 3. the words as
 * typed (not only through alternatives), 4. full-text rank (title, then first line, then the
 * rest, then the book's title and authors; for publications title, authors, publisher, date and
 * ISBN).
 */
export interface SearchIndex {
  poems(query: IndexQuery): Promise<{ matches: PoemMatch[]; total: number }>;
  publications(query: IndexQuery): Promise<{ matches: PublicationMatch[]; total: number }>;
  /** For each word (folded), the archive's words alike. */
  alikeWords(words: string[]): Promise<Map<string, AlikeWords>>;
}

export const SEARCH_INDEX = Symbol('SEARCH_INDEX');
