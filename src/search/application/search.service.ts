import { Inject, Injectable } from '@nestjs/common';
import { FEW_MATCHES, SEARCH_DEFAULT_LIMIT, type SearchResults } from '../../../contracts/search.js';
import { SEARCH_INDEX, type IndexQuery, type SearchIndex } from './ports/search-index.port.js';
import {
  checkQuery,
  highlight,
  MIN_ALIKE_LENGTH,
  phraseWords,
  searchTerms,
  snippet,
  suggestion,
  wordsOf,
  type SearchTerm,
} from './search-text.js';

/** The name the archive gives the author of a book that names none: the poet's (site settings). */
export const SEARCH_POET_NAME = Symbol('SEARCH_POET_NAME');

/** The phrase as terms, word by word, up to the first word past the terms searched (a text longer than MAX_TERMS words). */
function phraseOf(words: string[], terms: SearchTerm[]): SearchTerm[] {
  const phrase: SearchTerm[] = [];
  for (const word of words) {
    const term = terms.find((t) => t.word === word);
    if (!term) break;
    phrase.push(term);
  }
  return phrase;
}

/** The search use case: what the /api/search endpoint and the /search page ask. */
@Injectable()
export class SearchService {
  constructor(
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    /** The poet's name now: the curators may change it while the archive runs. */
    @Inject(SEARCH_POET_NAME) private readonly poetName: () => string,
  ) {}

  private get poetWords(): string[] {
    return [...wordsOf(this.poetName())];
  }

  /**
   * Throws SearchError for an empty or too long text; text without words finds nothing. The words
   * are searched as typed first; when that finds little, again by their stems in each book's
   * language and with the archive's words spelt alike as alternatives, and a spelling is proposed.
   */
  async search(raw: string | undefined, limit = SEARCH_DEFAULT_LIMIT): Promise<SearchResults> {
    const q = checkQuery(raw);
    const typed = searchTerms(q);
    if (typed.length === 0) return { q, poems: [], poem_total: 0, publications: [], publication_total: 0, did_you_mean: null };

    let terms = typed;
    let [poems, publications] = await this.find(this.queryFor(terms, phraseWords(q), limit));
    let didYouMean: string | null = null;
    if (poems.total + publications.total < FEW_MATCHES) {
      const alike = await this.index.alikeWords(typed.filter((t) => [...t.word].length >= MIN_ALIKE_LENGTH).map((t) => t.word));
      terms = typed.map((t) => ({ ...t, alike: alike.get(t.word)?.alike ?? [] }));
      [poems, publications] = await this.find({ ...this.queryFor(terms, phraseWords(q), limit), stems: true });
      if ([...alike.values()].some((a) => a.alike.length > 0)) {
        // Only words the answer itself shows are proposed: the vocabulary also holds drafts' words.
        const shown = new Set<string>();
        for (const m of poems.matches) for (const w of wordsOf(`${m.title} ${m.body} ${m.publication.title}`)) shown.add(w);
        for (const m of publications.matches) for (const w of wordsOf(`${m.title} ${m.authors.join(' ')} ${m.publisher}`)) shown.add(w);
        const unknown = new Set([...alike].filter(([, a]) => !a.known).map(([word]) => word));
        didYouMean = suggestion(q, terms, unknown, shown);
      }
    }

    return {
      q,
      poems: poems.matches.map((m) => {
        const lines = snippet(m.body, terms);
        return {
          id: m.id,
          slug: m.slug,
          title: m.title,
          title_html: highlight(m.title, terms),
          snippet_html: lines.map((l) => l.html).join('\n'),
          snippet_lines: lines,
          publication: m.publication,
          score: m.score,
        };
      }),
      poem_total: poems.total,
      publications: publications.matches.map((m) => ({
        id: m.id,
        slug: m.slug,
        title: m.title,
        title_html: highlight(m.title, terms),
        authors_html: highlight(m.authors.join(', '), terms),
        details_html: highlight(
          [m.publisher, m.publication_date]
            .map((v) => v.trim())
            .filter(Boolean)
            .join(', '),
          terms,
        ),
        poem_count: m.poem_count,
        score: m.score,
      })),
      publication_total: publications.total,
      did_you_mean: didYouMean,
    };
  }

  private find(query: IndexQuery) {
    return Promise.all([this.index.poems(query), this.index.publications(query)]);
  }

  /**
   * The index query. The poet's whole name among the words ("eleanor vance river") stands for
   * "by the poet": books naming no authors are the poet's, so the name is matched against the
   * books rather than looked for in the poems' text.
   */
  private queryFor(terms: SearchTerm[], words: string[], limit: number): IndexQuery {
    const named = this.poetWords.length > 0 && this.poetWords.every((w) => terms.some((t) => t.word === w));
    const searched = named ? terms.filter((t) => !this.poetWords.includes(t.word)) : terms;
    return {
      terms: searched,
      phrase: phraseOf(named ? words.filter((w) => !this.poetWords.includes(w)) : words, searched),
      limit,
      ...(named ? { byPoet: this.poetWords } : {}),
    };
  }
}
