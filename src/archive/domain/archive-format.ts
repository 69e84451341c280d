import { ArchiveError } from './archive.errors.js';

/**
 * The backup file: a tar (optionally gzipped) holding, in this order,
 *   archive.json                         the manifest (format, schema version, counts, site settings)
 *   data/<table>/<000001>.ndjson         the rows of each backed-up table, one JSON object a line,
 *                                        at most ROWS_PER_CHUNK rows an entry, in key order
 *   pages/<storage key>                  every page photo, as stored
 *   audio/<storage key>                  every recording, as stored (format version 3)
 * A tar entry needs its size before its bytes, so rows go in chunks that are small enough to hold
 * in memory, and photos one file at a time; nothing needs the whole archive in memory.
 *
 * The same archive always gives the same bytes (rows in key order, fixed tar headers, no export
 * time in the file), so two backups can be compared byte for byte.
 */
export const ARCHIVE_FORMAT = 'poetry-archive-backup';
/** Raised when the file's layout or a backed-up table's columns change; imports refuse other versions. */
export const ARCHIVE_FORMAT_VERSION = 3;
export const MANIFEST_ENTRY = 'archive.json';
export const ROWS_PER_CHUNK = 500;
/** Larger than any manifest (its site settings are a few pages of text): a restore reads no more of it. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
/** Larger than any row the archive stores (a poem of 200,000 characters, its notes and title, escaped): a restore reads no longer line. */
export const MAX_ROW_BYTES = 4 * 1024 * 1024;
/** The pax header keyword of a page photo's entry that holds the SHA-256 of its bytes, checked on restore. */
export const PHOTO_CHECKSUM_PAX = 'POETRY_ARCHIVE.sha256';
/** Fixed tar entry times, so that the file does not change with the time it was made. */
export const ENTRY_MTIME = new Date(0);

export interface TableSpec {
  name: string;
  /** Every column that is backed up, in the order rows are written. */
  columns: readonly string[];
  /** The primary key: rows are read and written in its order (keyset pagination). */
  key: readonly string[];
  /** The serial id column whose sequence is carried over, so new records never reuse an old id. */
  serial?: string;
  /**
   * Columns added without raising the format version: a backup made before them lacks them, and
   * its rows take the column's default (a page photo made before rotation stands as uploaded).
   */
  addedLater?: readonly string[];
  /**
   * Columns deliberately left out of a backup, after the backed-up ones: operational state, like the
   * scan jobs'. A restore leaves them empty.
   */
  leftOut?: readonly string[];
  /** Only rows this condition (SQL over the table's own columns) holds for are backed up; the others are operational state. */
  only?: string;
}

const USERS: TableSpec = {
  name: 'users',
  columns: ['id', 'username', 'password_hash', 'is_staff', 'created_at', 'updated_at'],
  key: ['id'],
  serial: 'id',
};
const SCAN_PAGES: TableSpec = {
  name: 'scan_pages',
  columns: [
    'id',
    'publication_id',
    'job_id',
    'page_index',
    'storage_key',
    'mime_type',
    'byte_size',
    'sha256',
    'page_number',
    'created_at',
    'scanned_at',
    'rotation',
  ],
  key: ['id'],
  serial: 'id',
  addedLater: ['rotation'],
  // A whole-book import's bookkeeping (book_imports is job state, not backed up): a restored page
  // is an ordinary page photo, read or not as its scanned_at and poem links say.
  leftOut: ['book_import_id', 'file_position', 'file_name', 'pdf_page', 'reading', 'read_error', 'pdf_key'],
  // A PDF's page its import has not drawn yet has no photo: the import's state, left out with it.
  only: 'storage_key IS NOT NULL',
};
const POEM_PAGES: TableSpec = { name: 'poem_pages', columns: ['poem_id', 'scan_page_id', 'position'], key: ['poem_id', 'scan_page_id'] };
const PUBLICATION_COLUMNS = [
  'id',
  'slug',
  'title',
  'status',
  'authors',
  'publisher',
  'publication_date',
  'isbn',
  'notes',
  'created_at',
  'updated_at',
  'deleted_at',
  'published_at',
];
const POEM_COLUMNS = [
  'id',
  'publication_id',
  'slug',
  'title',
  'body',
  'notes',
  'line_count',
  'word_count',
  'page_numbers',
  'position',
  'source_key',
  'created_at',
  'updated_at',
];

/**
 * The archive's own records, listed explicitly and in foreign-key order. Everything else in the
 * database is operational or derived and deliberately not backed up: sessions (signed out by a
 * restore), login throttling, app secrets (a new machine makes its own session key), scan job
 * and book import state and search indexes (rebuilt from these rows). Version 2 adds the revision history: every
 * version of each poem and publication, with who saved it and when, and each record's number of
 * its latest version.
 */
const VERSION_2_TABLES: readonly TableSpec[] = [
  // A backup made before publications had a language restores them as English, as they were read.
  { name: 'publications', columns: [...PUBLICATION_COLUMNS, 'revision', 'language'], key: ['id'], serial: 'id', addedLater: ['language'] },
  // A backup made before poems had a status restores them As scanned, as they were; one made before
  // scans kept what they read of each line restores its poems without it; one made before poems
  // had a language of their own restores them in their book's.
  {
    name: 'poems',
    columns: [
      ...POEM_COLUMNS,
      'revision',
      'proofreading_status',
      'proofread_by',
      'proofread_by_name',
      'proofread_at',
      'reading',
      'language',
    ],
    key: ['id'],
    serial: 'id',
    addedLater: ['proofreading_status', 'proofread_by', 'proofread_by_name', 'proofread_at', 'reading', 'language'],
  },
  SCAN_PAGES,
  POEM_PAGES,
  // Admin accounts with their password hashes (never a password).
  USERS,
  // After the accounts: a version names the curator who saved it.
  {
    name: 'revisions',
    columns: [
      'id',
      'subject',
      'subject_id',
      'publication_id',
      'revision',
      'action',
      'snapshot',
      'user_id',
      'username',
      'overwrote',
      'created_at',
    ],
    key: ['id'],
    serial: 'id',
  },
];

/** Recordings of the poems (format version 3), their files after the page photos, under `audio/<storage key>`. */
const RECORDINGS: TableSpec = {
  name: 'recordings',
  columns: [
    'id',
    'poem_id',
    'storage_key',
    'mime_type',
    'byte_size',
    'sha256',
    'duration_seconds',
    'reader',
    'recorded',
    'source',
    'notes',
    'position',
    'line_marks',
    'created_at',
    'updated_at',
  ],
  key: ['id'],
  serial: 'id',
};

/** Readers' reports of mistakes, for the curators' inbox; the sender's address (hashed, kept an hour for the limit) is left out. */
const POEM_REPORTS: TableSpec = {
  name: 'poem_reports',
  columns: ['id', 'poem_id', 'line', 'quote', 'note', 'name', 'email', 'status', 'created_at', 'closed_at', 'closed_by'],
  key: ['id'],
  serial: 'id',
  leftOut: ['address_hash'],
};

/** Version 3 adds, after version 2's tables, the poems' recordings and readers' reports of mistakes. */
export const ARCHIVE_TABLES: readonly TableSpec[] = [...VERSION_2_TABLES, RECORDINGS, POEM_REPORTS];

/** Format version 1: each record's current state only, no history. Still restored (its records get their history from then on). */
const VERSION_1_TABLES: readonly TableSpec[] = [
  { name: 'publications', columns: PUBLICATION_COLUMNS, key: ['id'], serial: 'id' },
  { name: 'poems', columns: POEM_COLUMNS, key: ['id'], serial: 'id' },
  SCAN_PAGES,
  POEM_PAGES,
  USERS,
];

/** The tables of each format version this software restores. */
const TABLES_OF_VERSION: Readonly<Record<number, readonly TableSpec[]>> = {
  1: VERSION_1_TABLES,
  2: VERSION_2_TABLES,
  [ARCHIVE_FORMAT_VERSION]: ARCHIVE_TABLES,
};

/**
 * The columns a backup lists for a table, when they are the table's in its format version: all of
 * them, or all but some of those added later (an older backup of the same version, made before
 * them), in the table's order. Otherwise undefined.
 */
export function backedUpColumns(spec: TableSpec, listed: unknown): readonly string[] | undefined {
  if (!Array.isArray(listed) || !listed.every((c) => typeof c === 'string')) return undefined;
  const kept = spec.columns.filter((c) => listed.includes(c));
  const missing = spec.columns.filter((c) => !listed.includes(c));
  const sameOrder = JSON.stringify(kept) === JSON.stringify(listed);
  return sameOrder && missing.every((c) => spec.addedLater?.includes(c)) ? kept : undefined;
}

/** The tables a backup of this format version holds, in the order it holds them. */
export function archiveTables(formatVersion: number): readonly TableSpec[] {
  return TABLES_OF_VERSION[formatVersion] ?? ARCHIVE_TABLES;
}

/** Tables whose rows make an archive not empty (admin accounts alone do not: a fresh install makes one). */
export const CONTENT_TABLES = ['publications', 'poems', 'scan_pages', 'poem_pages'] as const;

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  format_version: number;
  /** The last migration of the database the backup was made from. */
  schema_version: string;
  tables: Record<string, { rows: number; columns: string[] }>;
  /** Per table with a serial id: the next id it hands out. */
  next_ids: Record<string, number>;
  /** Page photos: how many files and their total size. */
  pages: { files: number; bytes: number };
  /** The parsed SITE_SETTINGS_FILE of the archive, or null when it ran on the built-in defaults. */
  site_settings: Record<string, unknown> | null;
}

export const chunkEntryName = (table: string, index: number) => `data/${table}/${String(index).padStart(6, '0')}.ndjson`;
export const pageEntryName = (storageKey: string) => `pages/${storageKey}`;

/** Which table a data entry belongs to, or undefined when the name is not a data chunk. */
export function tableOfEntry(name: string): string | undefined {
  return /^data\/([a-z_]+)\/\d{6}\.ndjson$/.exec(name)?.[1];
}

export const recordingEntryName = (storageKey: string) => `audio/${storageKey}`;

export function recordingKeyOfEntry(name: string): string | undefined {
  return name.startsWith('audio/') ? name.slice('audio/'.length) : undefined;
}

export function storageKeyOfEntry(name: string): string | undefined {
  return name.startsWith('pages/') ? name.slice('pages/'.length) : undefined;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a manifest read from a file against this version of the format. `knownSchemas` lists the
 * migrations this software has: a backup from a newer schema is refused rather than half-restored.
 */
export function parseManifest(text: string, knownSchemas: readonly string[]): ArchiveManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw ArchiveError.unreadable(`${MANIFEST_ENTRY} is not valid JSON`);
  }
  if (!isObject(raw) || raw.format !== ARCHIVE_FORMAT) {
    throw new ArchiveError('ARCHIVE.UNKNOWN_FORMAT', 'This file is not a poetry archive backup (its archive.json names another format).');
  }
  const version = raw.format_version;
  if (typeof version !== 'number' || !(version in TABLES_OF_VERSION)) {
    throw new ArchiveError(
      'ARCHIVE.UNKNOWN_FORMAT',
      `This backup is in format version ${JSON.stringify(raw.format_version)}, but this version of the archive reads only versions ${Object.keys(
        TABLES_OF_VERSION,
      )
        .join(', ')
        .replace(/, (?=[^,]*$)/, ' and ')}. ` + 'Restore it with the version of the archive software that made it, or a newer one.',
    );
  }
  const specs = archiveTables(version);
  if (typeof raw.schema_version !== 'string' || !knownSchemas.includes(raw.schema_version)) {
    throw new ArchiveError(
      'ARCHIVE.UNKNOWN_FORMAT',
      `This backup was made by a newer version of the archive (database schema ${JSON.stringify(raw.schema_version)} is unknown here). Update the archive software, then restore it.`,
    );
  }
  const tables = raw.tables;
  const nextIds = raw.next_ids;
  const pages = raw.pages;
  const damaged = (what: string) => ArchiveError.unreadable(`${MANIFEST_ENTRY} ${what}`);
  if (!isObject(tables) || !isObject(nextIds) || !isObject(pages)) throw damaged('lacks its tables, next ids or pages');
  for (const spec of specs) {
    const table = tables[spec.name];
    if (!isObject(table) || !isCount(table.rows) || !backedUpColumns(spec, table.columns)) {
      throw damaged(`does not describe the table ${spec.name} as format version ${version} does`);
    }
    if (spec.serial && !(isCount(nextIds[spec.name]) && (nextIds[spec.name] as number) >= 1))
      throw damaged(`lacks the next id of ${spec.name}`);
  }
  if (Object.keys(tables).length !== specs.length) throw damaged('lists tables this format does not have');
  if (!isCount(pages.files) || !isCount(pages.bytes)) throw damaged('lacks the count of page photos');
  if (raw.site_settings !== null && !isObject(raw.site_settings)) throw damaged('holds site settings that are not a JSON object');
  return raw as unknown as ArchiveManifest;
}
