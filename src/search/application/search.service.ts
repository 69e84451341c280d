import { Inject, Injectable } from '@nestjs/common';
import { SEARCH_DEFAULT_LIMIT, type SearchResults } from '../../../contracts/search.js';
import { SEARCH_INDEX, type SearchIndex } from './ports/search-index.port.js';
import { checkQuery, highlight, phraseOf, searchTerms, snippet } from './search-text.js';

/** The search use case: what the /api/search endpoint and the /search page ask. */
@Injectable()
export class SearchService {
  constructor(@Inject(SEARCH_INDEX) private readonly index: SearchIndex) {}

  /** Throws SearchError for an empty or too long text; text without words finds nothing. */
  async search(raw: string | undefined, limit = SEARCH_DEFAULT_LIMIT): Promise<SearchResults> {
    const q = checkQuery(raw);
    const terms = searchTerms(q);
    if (terms.length === 0) return { q, poems: [], poem_total: 0, publications: [], publication_total: 0 };
    const query = { terms, phrase: phraseOf(q), limit };
    const [poems, publications] = await Promise.all([this.index.poems(query), this.index.publications(query)]);
    return {
      q,
      poems: poems.matches.map((m) => ({
        id: m.id,
        slug: m.slug,
        title: m.title,
        title_html: highlight(m.title, terms),
        snippet_html: snippet(m.body, terms),
        publication: m.publication,
        score: m.score,
      })),
      poem_total: poems.total,
      publications: publications.matches.map((m) => ({
        id: m.id,
        slug: m.slug,
        title: m.title,
        title_html: highlight(m.title, terms),
        authors_html: highlight(m.authors.join(', '), terms),
        details_html: highlight([m.publisher, m.publication_date].map((v) => v.trim()).filter(Boolean).join(', '), terms),
        poem_count: m.poem_count,
        score: m.score,
      })),
      publication_total: publications.total,
    };
  }
}
