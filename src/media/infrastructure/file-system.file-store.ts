import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { FileNotStoredError, FileStoreUnavailableError, type ByteRange, type FileStore } from '../application/ports/file-store.port.js';
import { assertFileKey } from '../domain/file-key.js';

/** Files under PAGE_STORE_DIR (DATA_DIR/pages by default; a shared volume for workers). */
@Injectable()
export class FileSystemFileStore implements FileStore {
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
      throw new FileStoreUnavailableError((err as Error).message);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.writeThenRename(key, (temp) => writeFile(temp, data));
  }

  async putStream(key: string, data: Readable, length: number): Promise<void> {
    await this.writeThenRename(key, async (temp) => {
      await pipeline(data, createWriteStream(temp));
      const written = (await stat(temp)).size;
      if (written !== length) throw new Error(`Stored ${written} bytes under ${key}, not the ${length} given`);
    });
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotStoredError(key);
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    // Opened before it is answered, so a missing file is FileNotStoredError, not a broken stream.
    const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
    await new Promise<void>((done, fail) => {
      stream.once('open', () => done());
      stream.once('error', (err: NodeJS.ErrnoException) => fail(err.code === 'ENOENT' ? new FileNotStoredError(key) : err));
    });
    return stream;
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    // The folder of an upload goes with its last file; one still holding files stays.
    await rmdir(dirname(path)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST' && err.code !== 'ENOENT') throw err;
    });
  }

  /** Write then rename, so a reader never sees half a file; a failed write leaves nothing. */
  private async writeThenRename(key: string, write: (temp: string) => Promise<void>): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(temp);
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  private pathOf(key: string): string {
    assertFileKey(key);
    const path = join(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid file key: ${key}`);
    return path;
  }
}
