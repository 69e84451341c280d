/**
 * Every public path the read benchmark measures, from the seeded archive: `publication` is a
 * published collection, `poem` one of its poems, `word` a word its poems contain. Add a line for a
 * new public page or endpoint; a path the archive does not answer with 200 (not built on this
 * branch: 404, or the reader's redirect home) is skipped with a note.
 *
 * `uncached: true` marks the pages whose cache-miss cost has its own bar (rendered for every request).
 */
export const PUBLIC_PATHS = [
  { name: 'home page', path: () => '/' },
  { name: 'collections page', path: () => '/publications' },
  { name: 'About the poet', path: () => '/about' },
  { name: 'book page', path: ({ publication }) => `/publication/${publication.slug}`, uncached: true },
  { name: 'poem page', path: ({ poem }) => `/poem/${poem.slug}`, uncached: true },
  { name: 'poem in its book', path: ({ publication, poem }) => `/publication/${publication.slug}/${poem.slug}`, uncached: true },
  { name: 'search page', path: ({ word }) => `/search?q=${word}` },
  { name: 'print edition of a book', path: ({ publication }) => `/print/publication/${publication.slug}` },
  { name: 'book download (EPUB)', path: ({ publication }) => `/download/${publication.slug}.epub` },
  { name: 'first-line index page', path: () => '/index/first-lines' },
  { name: 'title index page', path: () => '/index/titles' },
  { name: 'sitemap', path: () => '/sitemap.xml' },
  { name: 'recordings page', path: () => '/recordings' },
  { name: 'podcast feed of the recordings', path: () => '/recordings/feed.xml' },
  { name: 'API publications', path: () => '/api/publications/' },
  { name: 'API publication', path: ({ publication }) => `/api/publications/${publication.slug}/` },
  { name: 'API poems of a publication', path: ({ publication }) => `/api/publications/${publication.slug}/poems/` },
  { name: 'API poem', path: ({ poem }) => `/api/poems/${poem.slug}/` },
  { name: 'API search', path: ({ word }) => `/api/search/?q=${word}` },
  { name: 'API printed pages of a poem', path: ({ poem }) => `/api/poems/${poem.slug}/printed_pages/` },
];

/** What a browser sends: the cache answers in the coding it prefers. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: '*/*' };
