/**
 * What delivery needs from the pages it answers ahead of the application (the reader's pages,
 * from src/site): for an address, the page's bytes and its own headers. Delivery adds the rest:
 * validators, the coding, the security headers, and keeping it in the read cache.
 */
export interface PageAnswer {
  status: number;
  /** The whole document, uncompressed. */
  body: Buffer;
  /** The page's own headers (Content-Type, Cache-Control, Retry-After), lower-case names. */
  headers: Record<string, string>;
  /** The publications the page shows, so an edit elsewhere keeps it cached; undefined: the whole catalog. */
  publicationIds?: number[];
}

export interface PublicPages {
  /** The render of the page a GET address names, or undefined when it names none (the application answers it). */
  find(url: string): (() => Promise<PageAnswer>) | undefined;
}
