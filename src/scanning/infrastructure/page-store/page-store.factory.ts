import type { AppConfig } from '../../../config/app-config.js';
import type { PageStore } from '../../application/ports/page-store.port.js';
import { FileSystemPageStore } from './file-system.page-store.js';
import { S3PageStore } from './s3.page-store.js';

/** A page store with the words that say where it keeps photos, for start-up lines. */
export interface OpenedPageStore {
  store: PageStore;
  description: string;
  /** Lets go of connections (the command-line tools end with it). */
  close(): void;
}

/**
 * The one choice of page store, for the API, the worker and the command-line tools alike: an S3
 * bucket when S3_BUCKET is set (its bucket checked first), files under PAGE_STORE_DIR otherwise.
 */
export async function openPageStore(config: AppConfig): Promise<OpenedPageStore> {
  if (config.s3) {
    const store = new S3PageStore(config.s3);
    await store.checkBucket();
    return { store, description: store.describe(), close: () => store.destroy() };
  }
  return { store: new FileSystemPageStore(config), description: `files under ${config.pageStoreDir}`, close: () => undefined };
}
