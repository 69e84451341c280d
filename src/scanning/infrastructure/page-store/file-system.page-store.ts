import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { PageNotStoredError, PageStoreUnavailableError, type PageStore } from '../../application/ports/page-store.port.js';
import { assertPageKey } from './page-key.js';

/** Page photos as files under PAGE_STORE_DIR (DATA_DIR/pages by default; a shared volume for workers). */
@Injectable()
export class FileSystemPageStore implements PageStore {
  readonly kind = 'files';
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = resolve(config.pageStoreDir);
  }

  /** The folder is there (made on first use) and this process may write in it. */
  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.R_OK | constants.W_OK);
    } catch (err) {
      throw new PageStoreUnavailableError((err as Error).message);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, data);
    await rename(temp, path);
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new PageNotStoredError(key);
      throw err;
    }
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    // The folder of an upload goes with its last page; one still holding pages stays.
    await rmdir(dirname(path)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST' && err.code !== 'ENOENT') throw err;
    });
  }

  private pathOf(key: string): string {
    assertPageKey(key);
    const path = join(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid page key: ${key}`);
    return path;
  }
}
