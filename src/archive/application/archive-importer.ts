import { Inject, Injectable } from '@nestjs/common';
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract, type Extract } from 'tar-stream';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MIGRATIONS } from '../../database/migrations/index.js';
import { detectImageType, FILE_STORE, type FileStore } from '../../media/index.js';
import { siteSettingsFrom } from '../../settings/index.js';
import {
  ARCHIVE_TABLES,
  archiveTables,
  CONTENT_TABLES,
  MANIFEST_ENTRY,
  MAX_MANIFEST_BYTES,
  MAX_ROW_BYTES,
  parseManifest,
  PHOTO_CHECKSUM_PAX,
  ROWS_PER_CHUNK,
  storageKeyOfEntry,
  recordingKeyOfEntry,
  tableOfEntry,
  type TableSpec,
  type ArchiveManifest,
} from '../domain/archive-format.js';
import { ArchiveError } from '../domain/archive.errors.js';
import { checkNextIds, checkRow, nothingRestored, type BackupLimits, type RestoredSoFar } from './backup-row.rules.js';
import { ARCHIVE_DATABASE, type ArchiveDatabase, type ArchiveRestore } from './ports/archive-database.port.js';
import { SITE_SETTINGS_STORE, type SiteSettingsStore } from './ports/site-settings-store.port.js';
import { MemorialRestore } from './memorial-backup.js';
import { MEMORIAL_ENTRY, portraitKeyOfEntry } from '../domain/memorial-entries.js';

/** What a restore brought back. */
export interface RestoreSummary {
  rows: Record<string, number>;
  pages: { files: number; bytes: number };
  /** Admin accounts the archive had (a fresh install's first admin) that the backup's replaced. */
  replacedAccounts: string[];
  accounts: string[];
  /** Where the site settings were written, and whether they were already there; null when the backup has none. */
  siteSettings: { path: string; written: boolean } | null;
}

/** A tar entry with its header (tar-stream does not export the type by name). */
type Source = Extract extends AsyncIterable<infer T> ? T : never;

/** Rows are written in batches of about this many bytes of JSON, so a chunk never sits in memory whole. */
const BATCH_BYTES = 8 * 1024 * 1024;
const KNOWN_SCHEMAS = MIGRATIONS.map((m) => m.name);

/**
 * Restores a backup into an empty archive: the rows in one transaction, the page photos into the
 * page store as they come. Anything wrong (not empty, another format, a damaged or cut-off file)
 * rolls the rows back and removes the photos already written, so a refused restore changes nothing.
 *
 * Nothing in the file is trusted: every entry must be a regular file of a bounded size (a link is
 * never a photo, a bomb of newlines or a photo claiming a gigabyte is refused before it is read);
 * every row passes the rules the API holds its records to (backup-row.rules.ts); every photo must
 * be the JPEG, PNG or WebP its row says, by its own bytes, with its recorded checksum.
 */
@Injectable()
export class ArchiveImporter {
  constructor(
    @Inject(ARCHIVE_DATABASE) private readonly db: ArchiveDatabase,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(SITE_SETTINGS_STORE) private readonly settings: SiteSettingsStore,
    @Inject(APP_CONFIG)
    private readonly config: Pick<
      AppConfig,
      'siteSettingsFile' | 'dataDir' | 'maxUploadBytes' | 'maxAudioBytes' | 'publicUrl' | 'webVitalsEndpoint'
    >,
  ) {}

  async restoreFile(file: string): Promise<RestoreSummary> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new ArchiveError('ARCHIVE.UNREADABLE', `There is no backup file at ${file}. Nothing was restored.`);
    const input = createReadStream(file);
    return this.restore(input, await isGzip(file));
  }

  async restore(input: Readable, gzipped: boolean): Promise<RestoreSummary> {
    const extract = tarExtract();
    const feeding = gzipped ? pipeline(input, createGunzip(), extract) : pipeline(input, extract);
    feeding.catch(() => undefined); // its failure also ends the entries below, which report it
    const entries = extract[Symbol.asyncIterator]();
    try {
      return await this.restoreEntries(entries);
    } catch (err) {
      throw asArchiveError(err);
    } finally {
      extract.destroy();
      input.destroy();
    }
  }

  private async restoreEntries(entries: AsyncIterator<Source>): Promise<RestoreSummary> {
    const first = await entries.next().catch(() => {
      throw new ArchiveError(
        'ARCHIVE.UNKNOWN_FORMAT',
        'This file is not a poetry archive backup (it is not a tar file). Nothing was restored.',
      );
    });
    if (first.done || first.value.header.name !== MANIFEST_ENTRY || first.value.header.type !== 'file') {
      throw new ArchiveError(
        'ARCHIVE.UNKNOWN_FORMAT',
        `This file is not a poetry archive backup (it does not begin with ${MANIFEST_ENTRY}). Nothing was restored.`,
      );
    }
    const manifest = parseManifest((await readEntry(first.value, MAX_MANIFEST_BYTES)).toString('utf8'), KNOWN_SCHEMAS);
    if (manifest.site_settings) {
      try {
        siteSettingsFrom(manifest.site_settings, this.config);
      } catch (err) {
        throw ArchiveError.unreadable(`its site settings are refused (${(err as Error).message})`);
      }
    }

    const rows = await this.db.beginRestore();
    const restore = new Restore(manifest, rows, this.store, {
      maxPhotoBytes: this.config.maxUploadBytes,
      maxAudioBytes: this.config.maxAudioBytes,
    });
    let settingsWritten = false;
    try {
      await rows.lockForRestore(ARCHIVE_TABLES);
      await assertEmpty(rows);
      const writeSettings = manifest.site_settings ? await this.settings.needsWrite(manifest.site_settings) : false;
      const replacedAccounts = manifest.tables.users.rows > 0 ? await rows.usernames() : [];
      if (replacedAccounts.length) await rows.removeAccounts();
      await rows.signOutEveryone();

      for (let next = await entries.next(); !next.done; next = await entries.next()) await restore.entry(next.value);
      const summary = await restore.finish();

      if (manifest.site_settings && writeSettings) {
        await this.settings.write(manifest.site_settings);
        settingsWritten = true;
      }
      await rows.commit();
      return {
        ...summary,
        replacedAccounts,
        siteSettings: manifest.site_settings ? { path: this.settings.target, written: writeSettings } : null,
      };
    } catch (err) {
      await rows.rollback().catch(() => undefined);
      await restore.removePhotos();
      if (settingsWritten) await this.settings.remove().catch(() => undefined);
      throw err;
    } finally {
      await rows.release();
    }
  }
}

/** The restore of one file, entry after entry in the order the backup writes them. */
class Restore {
  private tableIndex = 0;
  /** The tables of the backup's format version (an older backup has fewer). */
  private readonly tables: readonly TableSpec[];
  private readonly restoredRows: Record<string, number>;
  /** What the rows so far hold (ids, slugs, the photos they list), for the rows and photos after them. */
  private readonly seen: RestoredSoFar = nothingRestored();
  private readonly writtenPhotos = new Set<string>();
  private readonly writtenRecordings = new Set<string>();
  private photoBytes = 0;
  private accounts: string[] = [];
  private readonly memorial: MemorialRestore;

  constructor(
    private readonly manifest: ArchiveManifest,
    private readonly rows: ArchiveRestore,
    private readonly store: FileStore,
    private readonly limits: BackupLimits,
  ) {
    // Each table with the columns this backup has: those it lacks take their defaults.
    this.tables = archiveTables(manifest.format_version).map((spec) => ({ ...spec, columns: manifest.tables[spec.name]!.columns }));
    this.restoredRows = Object.fromEntries(this.tables.map((t) => [t.name, 0]));
    this.memorial = new MemorialRestore(store, limits.maxPhotoBytes);
  }

  async entry(entry: Source): Promise<void> {
    const name = entry.header.name;
    // Links (hard or symbolic, with a size of 0 in their rows), folders and devices are never part of a backup.
    if (entry.header.type !== 'file')
      throw ArchiveError.unreadable(`its entry ${name} is not a regular file (${entry.header.type ?? 'unknown'})`);
    const tableName = tableOfEntry(name);
    if (tableName !== undefined) return this.rowsEntry(entry, tableName);
    const key = storageKeyOfEntry(name);
    if (key !== undefined) return this.photoEntry(entry, key);
    const recording = recordingKeyOfEntry(name);
    if (recording !== undefined) return this.recordingEntry(entry, recording);
    const portrait = portraitKeyOfEntry(name);
    if (name === MEMORIAL_ENTRY || portrait !== undefined) return this.memorialEntry(entry, portrait);
    throw ArchiveError.unreadable(`it holds an entry this format does not have (${name})`);
  }

  private async rowsEntry(entry: Source, tableName: string): Promise<void> {
    const index = this.tables.findIndex((t) => t.name === tableName);
    if (index < 0) throw ArchiveError.unreadable(`it holds rows of a table this format does not have (${tableName})`);
    if (index < this.tableIndex || this.writtenPhotos.size > 0) throw ArchiveError.unreadable(`the rows of ${tableName} are out of order`);
    while (this.tableIndex < index) this.closeTable();
    const spec = this.tables[index]!;
    const name = entry.header.name;
    const columns = JSON.stringify(spec.columns);
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      try {
        await this.rows.insert(spec, batch);
      } catch (err) {
        throw ArchiveError.unreadable(`the rows of ${spec.name} could not be restored (${(err as Error).message})`);
      }
      this.restoredRows[spec.name] += batch.length;
      batch = [];
      batchBytes = 0;
    };
    let number = 0;
    for await (const line of linesOf(entry, MAX_ROW_BYTES)) {
      const where = `${name} line ${++number}`;
      if (number > ROWS_PER_CHUNK)
        throw ArchiveError.unreadable(`${name} holds more than the ${ROWS_PER_CHUNK} rows an entry of rows may hold`);
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        throw ArchiveError.unreadable(`${where} is not a row (not valid JSON)`);
      }
      if (typeof row !== 'object' || row === null || JSON.stringify(Object.keys(row)) !== columns) {
        throw ArchiveError.unreadable(
          `${where} does not have the columns of ${spec.name} in format version ${this.manifest.format_version}`,
        );
      }
      checkRow(spec, row as Record<string, unknown>, where, this.seen, this.limits);
      if (spec.name === 'users') this.accounts.push(String((row as { username: unknown }).username));
      batch.push(line);
      batchBytes += line.length;
      if (batchBytes >= BATCH_BYTES) await flush();
    }
    await flush();
  }

  /** All rows of the current table are in: their count must be the manifest's. */
  private closeTable(): void {
    const spec = this.tables[this.tableIndex]!;
    const expected = this.manifest.tables[spec.name]!.rows;
    if (this.restoredRows[spec.name] !== expected) {
      throw ArchiveError.unreadable(`it holds ${this.restoredRows[spec.name]} rows of ${spec.name} where its manifest lists ${expected}`);
    }
    this.tableIndex++;
  }

  private async photoEntry(entry: Source, key: string): Promise<void> {
    while (this.tableIndex < this.tables.length) this.closeTable();
    const photo = this.seen.photos.get(key);
    if (photo === undefined) throw ArchiveError.unreadable(`it holds a page photo no page lists (${key})`);
    if (this.writtenPhotos.has(key)) throw ArchiveError.unreadable(`it holds the page photo ${key} twice`);
    // Sizes are checked before a byte is read: a photo is never larger than an upload may be.
    if (entry.header.size !== photo.size)
      throw ArchiveError.unreadable(`the page photo ${key} is ${entry.header.size} bytes, not the ${photo.size} its page lists`);
    const data = await readEntry(entry, this.limits.maxPhotoBytes);
    // Backups record each photo's checksum beside it; one made before they did, in the page's row.
    const recorded = (entry.header.pax as Record<string, string> | undefined)?.[PHOTO_CHECKSUM_PAX] ?? photo.sha256;
    if (createHash('sha256').update(data).digest('hex') !== recorded)
      throw ArchiveError.unreadable(`the page photo ${key} is not the one it was backed up as (its checksum differs)`);
    const type = detectImageType(data);
    if (type !== photo.mimeType) {
      throw ArchiveError.unreadable(
        `the page photo ${key} is ${type ? `a ${type} image` : 'not a JPEG, PNG or WebP photo'}, where its page lists ${photo.mimeType}`,
      );
    }
    this.writtenPhotos.add(key);
    await this.store.put(key, data);
    this.photoBytes += data.length;
  }

  /** A recording, streamed into the store (never whole in memory), its checksum that of its row. */
  private async recordingEntry(entry: Source, key: string): Promise<void> {
    while (this.tableIndex < this.tables.length) this.closeTable();
    const recording = this.seen.recordings.get(key);
    if (recording === undefined) throw ArchiveError.unreadable(`it holds a recording no row lists (${key})`);
    if (this.writtenRecordings.has(key)) throw ArchiveError.unreadable(`it holds the recording ${key} twice`);
    if (entry.header.size !== recording.size)
      throw ArchiveError.unreadable(`the recording ${key} is ${entry.header.size} bytes, not the ${recording.size} its row lists`);
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    this.writtenRecordings.add(key);
    await this.store.putStream(key, (entry as unknown as Readable).pipe(hashing), recording.size);
    if (hash.digest('hex') !== recording.sha256)
      throw ArchiveError.unreadable(`the recording ${key} is not the one it was backed up as (its checksum differs)`);
  }

  /** The memorial's row and portrait, after every table (optional: older backups have none). */
  private async memorialEntry(entry: Source, portrait: string | undefined): Promise<void> {
    while (this.tableIndex < this.tables.length) this.closeTable();
    const source = { header: entry.header, read: (limit: number) => readEntry(entry, limit) };
    if (portrait === undefined) await this.memorial.row(source);
    else await this.memorial.photo(source, portrait);
  }

  async finish(): Promise<Pick<RestoreSummary, 'rows' | 'pages' | 'accounts'>> {
    while (this.tableIndex < this.tables.length) this.closeTable();
    const missing = [...this.seen.photos.keys()].filter((key) => !this.writtenPhotos.has(key));
    if (missing.length) throw ArchiveError.unreadable(`${missing.length} page photo(s) are missing, e.g. ${missing[0]}`);
    const silent = [...this.seen.recordings.keys()].filter((key) => !this.writtenRecordings.has(key));
    if (silent.length) throw ArchiveError.unreadable(`${silent.length} recording(s) are missing, e.g. ${silent[0]}`);
    const pages = { files: this.writtenPhotos.size, bytes: this.photoBytes };
    if (pages.files !== this.manifest.pages.files || pages.bytes !== this.manifest.pages.bytes) {
      throw ArchiveError.unreadable(`its page photos (${pages.files} files, ${pages.bytes} bytes) are not those its manifest lists`);
    }
    checkNextIds(this.tables, this.manifest.next_ids, this.seen);
    for (const spec of this.tables) {
      if (spec.serial) await this.rows.setNextId(spec, this.manifest.next_ids[spec.name]!);
    }
    await this.memorial.finish(this.rows, this.manifest.site_settings);
    return { rows: { ...this.restoredRows }, pages, accounts: this.accounts };
  }

  async removePhotos(): Promise<void> {
    for (const key of [...this.writtenPhotos, ...this.writtenRecordings]) await this.store.remove(key).catch(() => undefined);
    await this.memorial.removePhoto();
  }
}

/**
 * The lines of an entry of rows, one at a time (never the entry whole): each must be UTF-8, not
 * empty, and at most `maxBytes` long; the last may lack its line break.
 */
async function* linesOf(entry: Source, maxBytes: number): AsyncGenerator<string> {
  const name = entry.header.name;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const line = (parts: Buffer[]): string => {
    const bytes = Buffer.concat(parts);
    if (bytes.length === 0) throw ArchiveError.unreadable(`${name} holds an empty line`);
    if (!isUtf8(bytes)) throw ArchiveError.unreadable(`${name} holds a line that is not UTF-8 text`);
    return bytes.toString('utf8');
  };
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end >= 0; end = chunk.indexOf(0x0a, start)) {
      if (pendingBytes + end - start > maxBytes)
        throw ArchiveError.unreadable(`${name} holds a line longer than any row the archive stores`);
      yield line([...pending, chunk.subarray(start, end)]);
      pending = [];
      pendingBytes = 0;
      start = end + 1;
    }
    pendingBytes += chunk.length - start;
    if (pendingBytes > maxBytes) throw ArchiveError.unreadable(`${name} holds a line longer than any row the archive stores`);
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pendingBytes > 0) yield line(pending);
}

const CONTENT_NAMES: Record<(typeof CONTENT_TABLES)[number], string> = {
  publications: 'publications',
  poems: 'poems',
  scan_pages: 'page photos',
  poem_pages: 'links of poems to pages',
};

async function assertEmpty(rows: ArchiveRestore): Promise<void> {
  const present: string[] = [];
  for (const name of CONTENT_TABLES) {
    const n = await rows.count(ARCHIVE_TABLES.find((t) => t.name === name)!);
    if (n > 0) present.push(`${n} ${CONTENT_NAMES[name]}`);
  }
  if (present.length) {
    throw new ArchiveError(
      'ARCHIVE.NOT_EMPTY',
      `The archive is not empty (it holds ${present.join(', ')}). A backup is restored only into an empty archive: ` +
        'use a new DATA_DIR or an empty database. Nothing was restored.',
    );
  }
}

/** An entry's bytes, refusing one larger than `limit`. */
async function readEntry(entry: Source, limit: number): Promise<Buffer> {
  if (entry.header.size > limit) throw ArchiveError.unreadable(`its entry ${entry.header.name} is larger than any this format writes`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** Errors of the tar reader or gunzip (a damaged or cut-off file) said as what they mean. */
function asArchiveError(err: unknown): unknown {
  if (err instanceof ArchiveError) return err;
  const message = (err as Error)?.message ?? String(err);
  if (
    /tar|unexpected end|gzip|header|incorrect header check|unexpected end of file|invalid/i.test(message) ||
    (err as { code?: string })?.code?.startsWith('Z_')
  ) {
    return ArchiveError.unreadable(message.replace(/[.?!]+$/, ''));
  }
  return err;
}
