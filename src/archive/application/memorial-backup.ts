import { createHash } from 'node:crypto';
import { MEMORIAL_LIMITS } from '../../../contracts/settings.js';
import { isPlainText, isVisibleText } from '../../common/text-rules.js';
import { detectImageType, FileNotStoredError, type FileStore } from '../../media/index.js';
import { checkBiography, memorialFromFile } from '../../settings/index.js';
import { PHOTO_CHECKSUM_PAX } from '../domain/archive-format.js';
import { ArchiveError } from '../domain/archive.errors.js';
import { MEMORIAL_COLUMNS, MEMORIAL_ENTRY, PORTRAIT_KEY, portraitEntryName } from '../domain/memorial-entries.js';
import type { ArchiveRestore } from './ports/archive-database.port.js';

type AddEntry = (name: string, data: Buffer, pax?: Record<string, string>) => Promise<unknown>;

/** A tar entry as the restore reads it: its header and its bytes. */
export interface MemorialSource {
  header: { name: string; size: number; pax?: Record<string, string> | unknown };
  read(limit: number): Promise<Buffer>;
}

interface MemorialRow {
  portrait_key: string | null;
}

/** Writes the memorial's row and its portrait at the end of a backup; nothing when the archive has no row. */
export async function writeMemorial(add: AddEntry, line: string | null, store: FileStore): Promise<void> {
  if (line === null) return;
  await add(MEMORIAL_ENTRY, Buffer.from(`${line}\n`));
  const { portrait_key: key } = JSON.parse(line) as MemorialRow;
  if (!key) return;
  let data: Buffer;
  try {
    data = await store.get(key);
  } catch (err) {
    if (!(err instanceof FileNotStoredError)) throw err;
    throw new ArchiveError(
      'ARCHIVE.PAGE_MISSING',
      `The portrait ${key} is missing from the page store, so the backup would not be complete. No backup was written.`,
    );
  }
  await add(portraitEntryName(key), data, { [PHOTO_CHECKSUM_PAX]: createHash('sha256').update(data).digest('hex') });
}

const TEXT_FIELDS = ['site_name', 'poet_name', 'poet_title', 'biography', 'hero_text', 'footer_credit'] as const;

/** The row as the site would accept it from a curator; the message names the field. */
function checkMemorialRow(row: Record<string, unknown>): void {
  const refuse = (field: string, why: string): never => {
    throw ArchiveError.unreadable(`${MEMORIAL_ENTRY} field ${field} ${why}`);
  };
  if (JSON.stringify(Object.keys(row)) !== JSON.stringify(MEMORIAL_COLUMNS)) refuse('list', 'does not have the memorial columns');
  for (const field of TEXT_FIELDS) {
    const value = row[field];
    if (typeof value !== 'string') refuse(field, 'must be text');
    if (!isPlainText(value as string)) refuse(field, 'must not contain control characters or bidirectional overrides');
    if ((value as string).length > MEMORIAL_LIMITS[field]) refuse(field, `is longer than ${MEMORIAL_LIMITS[field]} characters`);
  }
  for (const field of ['site_name', 'poet_name'] as const) if (!isVisibleText(row[field] as string)) refuse(field, 'is empty');
  for (const field of ['birth_date', 'death_date'] as const) {
    const value = row[field];
    if (
      value !== null &&
      (typeof value !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
        new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value)
    ) {
      refuse(field, 'must be a date written YYYY-MM-DD, or null');
    }
  }
  if (row.birth_date && row.death_date && (row.birth_date as string) > (row.death_date as string))
    refuse('birth_date', 'is after death_date');
  try {
    checkBiography(row.biography as string);
  } catch (err) {
    refuse('biography', `is refused (${(err as Error).message})`);
  }
  const key = row.portrait_key;
  if (key !== null && (typeof key !== 'string' || !PORTRAIT_KEY.test(key)))
    refuse('portrait_key', 'is not a portrait key the archive would choose');
  for (const field of ['portrait_width', 'portrait_height'] as const) {
    const value = row[field];
    const fits = key === null ? value === null : Number.isInteger(value) && (value as number) > 0 && (value as number) <= 10_000;
    if (!fits) refuse(field, key === null ? 'must be null without a portrait' : 'must be a size in pixels');
  }
  if (row.updated_at !== null && (typeof row.updated_at !== 'string' || Number.isNaN(Date.parse(row.updated_at))))
    refuse('updated_at', 'must be a time, or null');
}

/** The memorial a settings file describes, as a backup's row (never saved by a curator, no portrait). */
function rowOfFile(fileSettings: Record<string, unknown>): string {
  const m = memorialFromFile(fileSettings).memorial;
  const row = {
    site_name: m.siteName,
    poet_name: m.poetName,
    birth_date: m.birthDate,
    death_date: m.deathDate,
    poet_title: m.poetTitle,
    biography: m.biography,
    hero_text: m.heroText,
    footer_credit: m.footerCredit,
    portrait_key: null,
    portrait_width: null,
    portrait_height: null,
    updated_at: null,
  } satisfies Record<(typeof MEMORIAL_COLUMNS)[number], unknown>;
  return JSON.stringify(row);
}

/** The memorial's entries of a restore: checked as they come, written to the database when the rest is in. */
export class MemorialRestore {
  private line: string | null = null;
  private portrait: string | null = null;

  constructor(
    private readonly store: FileStore,
    private readonly maxPhotoBytes: number,
  ) {}

  async row(entry: MemorialSource): Promise<void> {
    if (this.line !== null) throw ArchiveError.unreadable(`it holds ${MEMORIAL_ENTRY} twice`);
    const text = (await entry.read(1024 * 1024)).toString('utf8').trim();
    let row: unknown;
    try {
      row = JSON.parse(text);
    } catch {
      throw ArchiveError.unreadable(`${MEMORIAL_ENTRY} is not valid JSON`);
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw ArchiveError.unreadable(`${MEMORIAL_ENTRY} is not a row`);
    checkMemorialRow(row as Record<string, unknown>);
    this.line = text;
  }

  /** The portrait photo, after its row: the one the row names, a JPEG by its bytes, with its recorded checksum. */
  async photo(entry: MemorialSource, key: string): Promise<void> {
    const expected = this.line === null ? null : (JSON.parse(this.line) as MemorialRow).portrait_key;
    if (key !== expected || this.portrait !== null)
      throw ArchiveError.unreadable(`it holds a portrait its memorial settings do not name (${key})`);
    const data = await entry.read(this.maxPhotoBytes);
    const recorded = (entry.header.pax as Record<string, string> | undefined)?.[PHOTO_CHECKSUM_PAX];
    if (createHash('sha256').update(data).digest('hex') !== recorded)
      throw ArchiveError.unreadable(`the portrait ${key} is not the one it was backed up as (its checksum differs)`);
    if (detectImageType(data) !== 'image/jpeg') throw ArchiveError.unreadable(`the portrait ${key} is not a JPEG photo`);
    await this.store.put(key, data);
    this.portrait = key;
  }

  /**
   * Puts the row in place. A backup made before the memorial was kept in the database has none:
   * its settings file (the manifest's copy, already checked) gives it, as it gave that archive's
   * pages; one without either keeps the archive's own memorial.
   */
  async finish(rows: ArchiveRestore, fileSettings: Record<string, unknown> | null): Promise<void> {
    if (this.line === null && fileSettings) this.line = rowOfFile(fileSettings);
    if (this.line === null) return;
    const key = (JSON.parse(this.line) as MemorialRow).portrait_key;
    if (key && this.portrait !== key) throw ArchiveError.unreadable(`its portrait ${key} is missing`);
    await rows.restoreMemorial(this.line);
  }

  async removePhoto(): Promise<void> {
    if (this.portrait) await this.store.remove(this.portrait).catch(() => undefined);
  }
}
