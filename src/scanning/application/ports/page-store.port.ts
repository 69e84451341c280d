/**
 * Where page photos are kept: the original uploaded bytes, written before the scan job runs so a
 * worker on another machine reads them from the same (shared) store.
 */
export interface PageStore {
  put(key: string, data: Buffer): Promise<void>;
  /** Throws PageNotStoredError when the key holds nothing. */
  get(key: string): Promise<Buffer>;
  /** Removes every page stored under a key prefix (e.g. `publications/7`); nothing there is fine. */
  removeAll(prefix: string): Promise<void>;
  /** Removes one stored page; nothing there is fine. */
  remove(key: string): Promise<void>;
}

export class PageNotStoredError extends Error {
  constructor(readonly key: string) {
    super(`No stored page under ${key}`);
    this.name = 'PageNotStoredError';
  }
}

export const PAGE_STORE = Symbol('PAGE_STORE');
