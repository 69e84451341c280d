import type { Load, PublicSiteSettings } from '../../../contracts/reader-page.js';
import type { CSSProperties } from 'react';
import { SEARCH_QUERY_MAX_LENGTH, type SearchResults, type SnippetLine } from '../../../contracts/search.js';
import { verseProperties } from '../../../contracts/verse.js';
import { refOf } from '../../../contracts/format.js';
import { Layout } from '../components/layout.js';
import { Link } from '../components/navigation.js';
import { paths } from '../lib/routes.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A snippet set as verse (contracts/verse.ts), its lines' HTML escaped by the API with only <mark> added. */
function Snippet({ lines }: { lines: SnippetLine[] }) {
  const deepest = Math.max(0, ...lines.map((l) => l.indent));
  return (
    <div className="search-snippet verse" style={verseProperties(deepest) as CSSProperties}>
      {lines.map((line, i) => (
        <span
          key={i}
          className="verse-line"
          style={line.indent > 0 ? ({ '--indent': line.indent } as CSSProperties) : undefined}
          dangerouslySetInnerHTML={{ __html: line.html }}
        />
      ))}
    </div>
  );
}

/**
 * /search?q=: results rendered on the server. The highlighted fields come from our own API,
 * where every character of the archive's text is escaped and only <mark> is added.
 */
export function SearchPage({ q, results, settings }: { q: string; results: Load<SearchResults>; settings: PublicSiteSettings }) {
  return (
    <Layout settings={settings}>
      <div className="container page-pad search-page">
        <h1 className="page-title">Search</h1>
        <form className="search-form" role="search" aria-label="Archive" action="/search" method="get">
          <label htmlFor="search-q">Words, the start of a word, a line you remember, a book or the poet</label>
          <div className="search-box">
            <input id="search-q" className="search-input" type="search" name="q" defaultValue={q} maxLength={SEARCH_QUERY_MAX_LENGTH} />
            <button type="submit" className="search-button">
              Search
            </button>
          </div>
        </form>
        <SearchBody results={results} poetName={settings.poetName} />
      </div>
    </Layout>
  );
}

function SearchBody({ results, poetName }: { results: Load<SearchResults>; poetName: string }) {
  if (results.state === 'loading') return <p role="status">Searching...</p>;
  if (results.state === 'error') {
    return (
      <p className="error-message" role="alert">
        {results.error.status === 400 ? results.error.message : 'The search failed. Please try again in a moment.'}
      </p>
    );
  }
  const r = results.data;
  if (!r.q) {
    return (
      <p className="page-intro">
        Find any published poem by its title, its first line or a line you remember, and any collection by its title, author or publisher.
      </p>
    );
  }
  const found = [
    r.poem_total && plural(r.poem_total, 'poem', 'poems'),
    r.publication_total && plural(r.publication_total, 'collection', 'collections'),
  ];
  const counted = found.filter(Boolean).join(' and ');
  const one = r.poem_total + r.publication_total === 1;
  return (
    <>
      <p className="search-summary" role="status">
        {counted
          ? `${counted} ${one ? 'matches' : 'match'} “${r.q}”.`
          : `Nothing matches “${r.q}”. Try fewer words, or the start of a word.`}
      </p>
      {r.did_you_mean && (
        <p className="did-you-mean">
          Did you mean <a href={`/search?q=${encodeURIComponent(r.did_you_mean)}`}>{r.did_you_mean}</a>?
        </p>
      )}
      {r.poems.length > 0 && (
        <section aria-labelledby="search-poems">
          <h2 id="search-poems" className="search-section-title">
            Poems
          </h2>
          <ol className="search-results">
            {r.poems.map((hit) => (
              <li key={hit.id} className="search-hit">
                <h3 className="search-hit-title">
                  <Link
                    href={paths.bookPoem(refOf(hit.publication), refOf(hit))}
                    dangerouslySetInnerHTML={{ __html: hit.title_html || 'Untitled' }}
                  />
                </h3>
                {hit.snippet_lines.length > 0 && <Snippet lines={hit.snippet_lines} />}
                <p className="search-meta">
                  From{' '}
                  <Link href={`/publication/${encodeURIComponent(refOf(hit.publication))}`}>
                    <bdi>{hit.publication.title}</bdi>
                  </Link>
                </p>
              </li>
            ))}
          </ol>
          {r.poem_total > r.poems.length && (
            <p className="search-meta">
              The best {r.poems.length} of {r.poem_total} poems; add words to narrow the search.
            </p>
          )}
        </section>
      )}
      {r.publications.length > 0 && (
        <section aria-labelledby="search-collections">
          <h2 id="search-collections" className="search-section-title">
            Collections
          </h2>
          <ol className="search-results">
            {r.publications.map((hit) => (
              <li key={hit.id} className="search-hit">
                <h3 className="search-hit-title">
                  <Link href={`/publication/${encodeURIComponent(refOf(hit))}`} dangerouslySetInnerHTML={{ __html: hit.title_html }} />
                </h3>
                <p className="search-meta">
                  by {hit.authors_html ? <span dangerouslySetInnerHTML={{ __html: hit.authors_html }} /> : poetName}
                  {hit.details_html && (
                    <>
                      {' · '}
                      <span dangerouslySetInnerHTML={{ __html: hit.details_html }} />
                    </>
                  )}
                  {` · ${plural(hit.poem_count, 'poem', 'poems')}`}
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
