import type { Readable } from 'node:stream';
import { DomainError } from '../../../common/domain/domain-error.js';

/**
 * Where the archive's files are kept: page photos and their reading copies, the memorial's
 * portrait, recordings. Written before anything reads them, so a worker on another machine reads
 * them from the same (shared) store.
 */
export interface FileStore {
  /** Where files are kept: on this machine's disk, or in an S3-compatible bucket. */
  readonly kind: 'files' | 's3';
  /** Answers once the store can take and give files; throws FileStoreUnavailableError when not. */
  check(): Promise<void>;
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Keeps `length` bytes read from a stream, never holding them whole (a recording may be hundreds
   * of megabytes); a reader never sees half a file.
   */
  putStream(key: string, data: Readable, length: number): Promise<void>;
  /**
   * Throws FileNotStoredError when the key holds nothing. Every method throws
   * FileStoreUnavailableError when the store cannot be reached (an object store down or refusing us).
   */
  get(key: string): Promise<Buffer>;
  /** A stored file as a stream, or only its bytes `start` to `end` (both counted); FileNotStoredError when missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes every file stored under a key prefix (e.g. `publications/7`); nothing there is fine. */
  removeAll(prefix: string): Promise<void>;
  /** Removes one stored file; nothing there is fine. */
  remove(key: string): Promise<void>;
}

/** Bytes `start` to `end` of a file, both counted (as an HTTP Range says them). */
export interface ByteRange {
  start: number;
  end: number;
}

export class FileNotStoredError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
    this.name = 'FileNotStoredError';
  }
}

/** Seconds a client is asked to wait (Retry-After) while the file store cannot be reached. */
const FILE_STORE_RETRY_AFTER_SECONDS = 15;

/**
 * An outage, not a bug nor the request's fault: answered 503 with Retry-After, like the database's.
 * Its code predates the media module and stays as clients know it.
 */
export class FileStoreUnavailableError extends DomainError {
  readonly retryAfterSeconds = FILE_STORE_RETRY_AFTER_SECONDS;
  /** What failed, for the log and the health check; never shown to visitors. */
  constructor(readonly detail?: string) {
    super(
      'SCAN.PAGE_STORE_UNAVAILABLE',
      'The archive cannot reach the storage of its files (page photos, portrait, recordings) right now. Nothing has been lost; please try again in a moment.',
    );
  }
}

export const FILE_STORE = Symbol('FILE_STORE');
