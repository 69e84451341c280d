import { Inject, Injectable } from '@nestjs/common';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import { pack as tarPack, type Pack } from 'tar-stream';
import { FileNotStoredError, FILE_STORE, type FileStore } from '../../media/index.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_TABLES,
  ENTRY_MTIME,
  MANIFEST_ENTRY,
  chunkEntryName,
  pageEntryName,
  recordingEntryName,
  PHOTO_CHECKSUM_PAX,
  type ArchiveManifest,
} from '../domain/archive-format.js';
import { ArchiveError } from '../domain/archive.errors.js';
import { ARCHIVE_DATABASE, type ArchiveDatabase, type ArchiveSnapshot } from './ports/archive-database.port.js';
import { SITE_SETTINGS_STORE, type SiteSettingsStore } from './ports/site-settings-store.port.js';
import { writeMemorial } from './memorial-backup.js';

/**
 * A backup in the making: the snapshot is open and the manifest known (so a caller can still
 * answer an error before it starts sending), and `writeTo` streams the file.
 */
export interface OpenBackup {
  readonly manifest: ArchiveManifest;
  /** Streams the whole backup into `out`; on failure `out` is destroyed, so no partial file passes for a whole one. */
  writeTo(out: Writable, options?: { gzip?: boolean }): Promise<void>;
  /** Ends the snapshot without writing (writeTo ends it itself). */
  close(): Promise<void>;
}

/** Writes the archive's backup file: every backed-up row, then every page photo. */
@Injectable()
export class ArchiveExporter {
  constructor(
    @Inject(ARCHIVE_DATABASE) private readonly db: ArchiveDatabase,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(SITE_SETTINGS_STORE) private readonly settings: SiteSettingsStore,
  ) {}

  async open(): Promise<OpenBackup> {
    const rows = await this.db.openSnapshot();
    try {
      const manifest = await this.manifest(rows);
      return new Backup(manifest, rows, this.store);
    } catch (err) {
      await rows.close().catch(() => undefined);
      throw err;
    }
  }

  private async manifest(rows: ArchiveSnapshot): Promise<ArchiveManifest> {
    const tables: ArchiveManifest['tables'] = {};
    const nextIds: ArchiveManifest['next_ids'] = {};
    for (const spec of ARCHIVE_TABLES) {
      tables[spec.name] = { rows: await rows.count(spec), columns: [...spec.columns] };
      if (spec.serial) nextIds[spec.name] = await rows.nextId(spec);
    }
    return {
      format: ARCHIVE_FORMAT,
      format_version: ARCHIVE_FORMAT_VERSION,
      schema_version: await rows.schemaVersion(),
      tables,
      next_ids: nextIds,
      pages: await rows.pageTotals(),
      site_settings: await this.settings.read(),
    };
  }
}

class Backup implements OpenBackup {
  constructor(
    readonly manifest: ArchiveManifest,
    private readonly rows: ArchiveSnapshot,
    private readonly store: FileStore,
  ) {}

  async writeTo(out: Writable, options: { gzip?: boolean } = {}): Promise<void> {
    const pack = tarPack();
    const piping = options.gzip ? pipeline(pack, createGzip(), out) : pipeline(pack, out);
    // If the reader goes away (a closed download), the entry being written would wait forever.
    const stopped = new Promise<never>((_, reject) => piping.catch(reject));
    stopped.catch(() => undefined);
    const add = (name: string, data: Buffer, pax?: Record<string, string>) => Promise.race([addEntry(pack, name, data, pax), stopped]);
    try {
      await add(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(this.manifest, null, 2)}\n`));
      const photos = new Map<string, number>();
      const recordings = new Map<string, { size: number; sha256: string }>();
      for (const spec of ARCHIVE_TABLES) {
        let chunk = 0;
        for await (const lines of this.rows.lines(spec)) {
          if (spec.name === 'scan_pages') {
            for (const line of lines) {
              const page = JSON.parse(line) as { storage_key: string; byte_size: number };
              if (!photos.has(page.storage_key)) photos.set(page.storage_key, page.byte_size);
            }
          }
          if (spec.name === 'recordings') {
            for (const line of lines) {
              const r = JSON.parse(line) as { storage_key: string; byte_size: number; sha256: string };
              recordings.set(r.storage_key, { size: r.byte_size, sha256: r.sha256 });
            }
          }
          await add(chunkEntryName(spec.name, ++chunk), Buffer.from(`${lines.join('\n')}\n`));
        }
      }
      const memorial = await this.rows.memorial();
      // The rows are out: the snapshot goes before the photos are read, so an embedded database is
      // free again for the site while the (much larger) photos stream. Only the keys stay in memory.
      await this.close();
      for (const [key, size] of photos) {
        const data = await this.photo(key, size);
        // Its checksum beside it, so a restore knows the photo is the one backed up.
        await add(pageEntryName(key), data, { [PHOTO_CHECKSUM_PAX]: createHash('sha256').update(data).digest('hex') });
      }
      // Recordings stream from the store into the file, one at a time: never one whole in memory.
      for (const [key, { size, sha256 }] of recordings) {
        await Promise.race([this.recording(pack, key, size, sha256), stopped]);
      }
      await writeMemorial(add, memorial, this.store);
      pack.finalize();
      await piping;
    } catch (err) {
      pack.destroy(err as Error);
      await piping.catch(() => undefined);
      throw err;
    } finally {
      await this.close();
    }
  }

  async close(): Promise<void> {
    await this.rows.close();
  }

  private async recording(pack: Pack, key: string, size: number, sha256: string): Promise<void> {
    let source: Readable;
    try {
      source = await this.store.read(key);
    } catch (err) {
      if (!(err instanceof FileNotStoredError)) throw err;
      throw new ArchiveError(
        'ARCHIVE.PAGE_MISSING',
        `The recording ${key} is missing from the file store, so the backup would not be complete. No backup was written.`,
      );
    }
    const entry = pack.entry({ ...ENTRY_HEADER, name: recordingEntryName(key), size, pax: { [PHOTO_CHECKSUM_PAX]: sha256 } });
    try {
      await pipeline(source, entry);
    } catch (err) {
      throw new ArchiveError(
        'ARCHIVE.PAGE_MISSING',
        `The recording ${key} in the file store is not the ${size} bytes it was stored with (${(err as Error).message}). No backup was written.`,
      );
    }
  }

  private async photo(key: string, size: number): Promise<Buffer> {
    let data: Buffer;
    try {
      data = await this.store.get(key);
    } catch (err) {
      if (!(err instanceof FileNotStoredError)) throw err;
      throw new ArchiveError(
        'ARCHIVE.PAGE_MISSING',
        `The page photo ${key} is missing from the page store, so the backup would not be complete. No backup was written.`,
      );
    }
    if (data.length !== size) {
      throw new ArchiveError(
        'ARCHIVE.PAGE_MISSING',
        `The page photo ${key} in the page store is ${data.length} bytes, not the ${size} it was stored with. No backup was written.`,
      );
    }
    return data;
  }
}

/** Every entry's fixed owner, mode and time, so the same archive gives the same bytes. */
const ENTRY_HEADER = { mtime: ENTRY_MTIME, mode: 0o644, uid: 0, gid: 0, uname: '', gname: '', type: 'file' } as const;

/** One tar entry with fixed owner and time, resolved once the pack took it (its backpressure). */
function addEntry(pack: Pack, name: string, data: Buffer, pax?: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ ...ENTRY_HEADER, name, size: data.length, ...(pax ? { pax } : {}) }, data, (err) => (err ? reject(err) : resolve()));
  });
}
