import { SEARCH_QUERY_MAX_LENGTH } from '../../../contracts/search.js';
import './search.css';

/**
 * The header's search: a plain GET form to /search, so it works before (or without) the script
 * and needs none of its own.
 */
export function SearchBox() {
  return (
    <form className="search-box" role="search" aria-label="Site" action="/search" method="get">
      <label htmlFor="site-search" className="search-label-hidden">
        Search poems and collections
      </label>
      <input
        id="site-search"
        className="search-input"
        type="search"
        name="q"
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder="Search poems"
        required
      />
      <button type="submit" className="search-button">
        Search
      </button>
    </form>
  );
}
