import type { AppConfig } from '../../config/app-config.js';
import type { FileStore } from '../application/ports/file-store.port.js';
import { FileSystemFileStore } from './file-system.file-store.js';
import { S3FileStore } from './s3.file-store.js';

/** A file store with the words that say where it keeps files, for start-up lines. */
export interface OpenedFileStore {
  store: FileStore;
  description: string;
  /** Lets go of connections (the command-line tools end with it). */
  close(): void;
}

/**
 * The one choice of file store, for the API, the worker and the command-line tools alike: an S3
 * bucket when S3_BUCKET is set (its bucket checked first), files under PAGE_STORE_DIR otherwise.
 */
export async function openFileStore(config: AppConfig): Promise<OpenedFileStore> {
  if (config.s3) {
    const store = new S3FileStore(config.s3);
    await store.checkBucket();
    return { store, description: store.describe(), close: () => store.destroy() };
  }
  return { store: new FileSystemFileStore(config), description: `files under ${config.pageStoreDir}`, close: () => undefined };
}
