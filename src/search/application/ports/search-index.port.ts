import type { SearchTerm } from '../search-text.js';

/** What to look for: the terms (all must match) and the words in order, for phrase matches. */
export interface IndexQuery {
  terms: SearchTerm[];
  phrase: string;
  limit: number;
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
 * not in the trash, and only such publications. Best first:
 * 1. every term in the title, 2. the words as a phrase, 3. full-text rank (title, then first
 * line, then the rest; for publications title, authors, publisher, date and ISBN).
 */
export interface SearchIndex {
  poems(query: IndexQuery): Promise<{ matches: PoemMatch[]; total: number }>;
  publications(query: IndexQuery): Promise<{ matches: PublicationMatch[]; total: number }>;
}

export const SEARCH_INDEX = Symbol('SEARCH_INDEX');
