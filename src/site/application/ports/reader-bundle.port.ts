import type { ReaderServerEntry } from '../../../../contracts/reader-page.js';

/** One of the reader's built files, with its compressed forms made once. */
export interface StaticAsset {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  type: string;
  etag: string;
}

/** The built reader (npm run build:reader): what renders the pages and the files browsers load. */
export interface ReaderBundle {
  /** False without a build: the pages then answer 503 saying what to run. */
  readonly ready: boolean;
  /** The server bundle that renders pages. */
  readonly entry?: ReaderServerEntry;
  /** Tags for <head> that load the client: stylesheet, font preloads, module script. */
  readonly clientTags: string;
  /** The same without the script, for a page the reader app does not run on. */
  readonly styleTags: string;
  /** The hashed assets, by file name. */
  readonly assets: ReadonlyMap<string, StaticAsset>;
}

export const READER_BUNDLE = Symbol('READER_BUNDLE');
