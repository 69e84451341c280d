/**
 * The query parameters each cached public read takes (its DTO's fields, or the reader page's own
 * reading of the address); every other parameter changes nothing in the answer, so it is left out
 * of the key. `/?x=123` is then the home page's entry, and a crawler or an attacker adding a
 * random parameter gets the cached answer instead of forcing a render. Addresses not listed take
 * no parameter at all (home, collections, a book, a poem, the indexes, the sitemap, a poem's JSON).
 */
const TAKEN: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  // The reader's search page (site/site-pages.service.ts reads q).
  [/^\/search\/?$/, ['q']],
  // search/http/search.dto.ts
  [/^\/api\/search\/?$/, ['q', 'limit']],
  // catalog/http/publication.dto.ts: ListPublicationsQuery (a visitor asking for the staff view gets 401)
  [/^\/api\/publications\/?$/, ['admin', 'filter', 'q', 'range', 'sort', 'status']],
  // AdminQuery of a publication and of its poems
  [/^\/api\/publications\/[^/]+\/(poems\/?)?$/, ['admin']],
];

/**
 * The read cache's key of an address: its path, and the parameters that address takes in name
 * order (each one's values in the order sent), re-encoded, so that spelling the same query
 * another way (`a+b`, `a%20b`, another order) is the same entry too.
 */
export function readCacheKey(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const path = url.slice(0, mark);
  const taken = TAKEN.find(([pattern]) => pattern.test(path))?.[1];
  if (!taken) return path;
  const sent = new URLSearchParams(url.slice(mark + 1));
  const kept = new URLSearchParams();
  for (const name of taken) for (const value of sent.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
