import { DomainError } from '../../../common/domain/domain-error.js';

/**
 * Where page photos are kept: the original uploaded bytes, written before the scan job runs so a
 * worker on another machine reads them from the same (shared) store.
 */
export interface PageStore {
  /** Where photos are kept: files on this machine's disk, or an S3-compatible bucket. */
  readonly kind: 'files' | 's3';
  /** Answers once the store can take and give photos; throws PageStoreUnavailableError when not. */
  check(): Promise<void>;
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Throws PageNotStoredError when the key holds nothing. Every method throws
   * PageStoreUnavailableError when the store cannot be reached (an object store down or refusing us).
   */
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

/** Seconds a client is asked to wait (Retry-After) while the page store cannot be reached. */
const PAGE_STORE_RETRY_AFTER_SECONDS = 15;

/** An outage, not a bug nor the request's fault: answered 503 with Retry-After, like the database's. */
export class PageStoreUnavailableError extends DomainError {
  readonly retryAfterSeconds = PAGE_STORE_RETRY_AFTER_SECONDS;
  /** What failed, for the log and the health check; never shown to visitors. */
  constructor(readonly detail?: string) {
    super(
      'SCAN.PAGE_STORE_UNAVAILABLE',
      'The archive cannot reach the storage of its page photos right now. Nothing has been lost; please try again in a moment.',
    );
  }
}

export const PAGE_STORE = Symbol('PAGE_STORE');
