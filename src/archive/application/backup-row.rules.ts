import { PAGE_ROTATIONS, POEM_LIMITS, POEM_STATUSES, PUBLICATION_LIMITS, type PageRotation } from '../../../contracts/catalog.js';
import { canonicalLanguage } from '../../../contracts/language.js';
import { REPORT_LIMITS, REPORT_STATUSES } from '../../../contracts/reports.js';
import { isPlainText, isVisibleText } from '../../common/text-rules.js';
import { hasLoneSurrogate } from '../../common/well-formed-text.js';
import { ARCHIVE_TABLES, type TableSpec } from '../domain/archive-format.js';
import { ArchiveError } from '../domain/archive.errors.js';
import { countLines, countWords, isPoemReading } from '../../catalog/index.js';
import { AUDIO_EXTENSIONS, type AudioType } from '../../media/index.js';

/*
 * Every row of a backup goes through the rules the API holds the same records to, before any is
 * written: a restore must not bring in what the archive would never have stored (control or bidi
 * characters, a title that shows nothing, a date that is no date, a photo under a path of its own
 * choosing, a poem of a publication that is not there). Each table has its rule below; a new kind
 * of row adds one.
 */

type Row = Record<string, unknown>;

/** A field refused: the message names the entry, the line, the record and the field. */
class RowRefused extends Error {
  constructor(
    readonly field: string,
    readonly why: string,
  ) {
    super(`${field} ${why}`);
  }
}

const refuse = (field: string, why: string): never => {
  throw new RowRefused(field, why);
};

/** What a restore has read so far, for references between rows and for what comes after them. */
export interface RestoredSoFar {
  ids: Record<string, Set<number>>;
  maxId: Record<string, number>;
  slugs: Record<'publications' | 'poems', Set<string>>;
  usernames: Set<string>;
  /** Page photos the rows list, by storage key: the first row's size, checksum and type. */
  photos: Map<string, { size: number; sha256: string; mimeType: string }>;
  /** Recordings the rows list, by storage key: their size and checksum. */
  recordings: Map<string, { size: number; sha256: string }>;
}

export function nothingRestored(): RestoredSoFar {
  return {
    ids: Object.fromEntries(ARCHIVE_TABLES.map((t) => [t.name, new Set<number>()])),
    maxId: Object.fromEntries(ARCHIVE_TABLES.map((t) => [t.name, 0])),
    slugs: { publications: new Set(), poems: new Set() },
    usernames: new Set(),
    photos: new Map(),
    recordings: new Map(),
  };
}

// --- field rules, each as the API has it ------------------------------------------------------

const MAX_ID = 2_147_483_647;

function id(row: Row, field: string): number {
  const value = row[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > MAX_ID)
    refuse(field, 'must be a whole number from 1');
  return value as number;
}

function count(row: Row, field: string, max = MAX_ID): number {
  const value = row[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > max)
    refuse(field, `must be a whole number from 0 to ${max}`);
  return value as number;
}

function text(row: Row, field: string, max: number, options: { visible?: boolean; nullable?: boolean } = {}): string | null {
  return textOf(row[field], field, max, options);
}

function textOf(value: unknown, field: string, max: number, options: { visible?: boolean; nullable?: boolean } = {}): string | null {
  if (value === null && options.nullable) return null;
  if (typeof value !== 'string') return refuse(field, 'must be text');
  if (hasLoneSurrogate(value)) refuse(field, 'must be valid Unicode text');
  if (!isPlainText(value)) refuse(field, 'must not contain control characters or bidirectional overrides');
  if (value.length > max) refuse(field, `must be at most ${max} characters`);
  if (options.visible && !isVisibleText(value)) refuse(field, 'must show a visible character');
  return value;
}

function oneOf<T extends string | boolean>(row: Row, field: string, allowed: readonly T[]): T {
  const value = row[field] as T;
  if (!allowed.includes(value)) refuse(field, `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
  return value;
}

/** A time as PostgreSQL writes a UTC timestamptz in JSON: 2025-11-21T10:00:00.123456+00:00, a real day of years 1900-9999. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?\+00:00$/;

function time(row: Row, field: string, nullable = false): void {
  const value = row[field];
  if (value === null && nullable) return;
  const parts = typeof value === 'string' ? TIMESTAMP.exec(value) : null;
  const [year, month, day] = parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : [0, 0, 0];
  const real = parts && year >= 1900 && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day && month >= 1 && month <= 12;
  if (!real) refuse(field, 'must be a time (as 2025-11-21T10:00:00+00:00)');
}

/** Slugs as the archive makes them (catalog/domain/slug.ts): lower-case words and digits joined by hyphens, never only digits. */
function slug(row: Row, kind: 'publications' | 'poems', seen: RestoredSoFar): void {
  const value = row.slug;
  if (typeof value !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) || /^\d+$/.test(value) || value.length > 120) {
    refuse('slug', 'must be lower-case letters and digits joined by hyphens (not only digits), at most 120 characters');
  }
  if (seen.slugs[kind].has(value as string)) refuse('slug', `is used by another of the backup's ${kind}`);
  seen.slugs[kind].add(value as string);
}

function references(row: Row, field: string, table: string, seen: RestoredSoFar): number {
  const value = id(row, field);
  if (!seen.ids[table]!.has(value)) refuse(field, `names ${table} ${value}, which the backup does not hold`);
  return value;
}

// --- the rule of each table -------------------------------------------------------------------

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
const PHOTO_TYPES = Object.keys(EXTENSION) as Array<keyof typeof EXTENSION>;

const RULES: Record<string, (row: Row, seen: RestoredSoFar, limits: BackupLimits) => void> = {
  publications(row, seen) {
    text(row, 'title', PUBLICATION_LIMITS.title, { visible: true });
    slug(row, 'publications', seen);
    oneOf(row, 'status', ['draft', 'published']);
    const authors = row.authors;
    if (!Array.isArray(authors) || authors.length > PUBLICATION_LIMITS.authors)
      refuse('authors', `must be a list of at most ${PUBLICATION_LIMITS.authors} names`);
    (authors as unknown[]).forEach((author, i) => textOf(author, `authors[${i}]`, PUBLICATION_LIMITS.author));
    for (const field of ['publisher', 'publication_date', 'isbn', 'notes'] as const) text(row, field, PUBLICATION_LIMITS[field]);
    time(row, 'created_at');
    time(row, 'updated_at');
    time(row, 'deleted_at', true);
    time(row, 'published_at', true);
    if ('revision' in row) count(row, 'revision');
    // Stored canonical, as the API stores it: a tag spelled otherwise was not written by this archive.
    if ('language' in row && canonicalLanguage(row.language) !== row.language)
      refuse('language', 'must be a BCP 47 language tag in its canonical spelling');
  },
  poems(row, seen) {
    references(row, 'publication_id', 'publications', seen);
    slug(row, 'poems', seen);
    text(row, 'title', POEM_LIMITS.title, { visible: true });
    const body = text(row, 'body', POEM_LIMITS.body)!;
    text(row, 'notes', POEM_LIMITS.notes);
    if (row.line_count !== countLines(body)) refuse('line_count', `must be the count of its body's lines (${countLines(body)})`);
    if (row.word_count !== countWords(body)) refuse('word_count', `must be the count of its body's words (${countWords(body)})`);
    const pages = row.page_numbers;
    if (!Array.isArray(pages) || pages.length > POEM_LIMITS.page_numbers)
      refuse('page_numbers', `must be a list of at most ${POEM_LIMITS.page_numbers} page numbers`);
    (pages as unknown[]).forEach((n) => {
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > POEM_LIMITS.page_number)
        refuse('page_numbers', `must hold page numbers from 1 to ${POEM_LIMITS.page_number}`);
    });
    count(row, 'position');
    text(row, 'source_key', 500, { nullable: true });
    time(row, 'created_at');
    time(row, 'updated_at');
    if ('revision' in row) count(row, 'revision');
    // A backup made before poems had a status has none of these: its poems are As scanned. The
    // proofreader is kept by id without a reference, as the accounts come after the poems.
    if ('proofreading_status' in row) {
      oneOf(row, 'proofreading_status', POEM_STATUSES);
      if (row.proofread_by !== null) id(row, 'proofread_by');
      text(row, 'proofread_by_name', 150, { nullable: true });
      time(row, 'proofread_at', true);
    }
    if ('reading' in row && row.reading !== null && !isPoemReading(row.reading, body))
      refuse('reading', "must be null or what a scan read of each of its body's lines");
    // Its own language (null: its book's), canonical as the API stores it.
    if ('language' in row && row.language !== null && canonicalLanguage(row.language) !== row.language)
      refuse('language', "must be null (its book's) or a BCP 47 language tag in its canonical spelling");
  },
  scan_pages(row, seen, limits) {
    const publicationId = references(row, 'publication_id', 'publications', seen);
    const jobId = row.job_id;
    if (typeof jobId !== 'string' || !/^[a-z]+-\d+-[0-9a-f]{8,64}$/.test(jobId))
      refuse('job_id', 'must be a scan job id (as scan-12-0f3a...)');
    // A batch holds at most 10 photos; a whole-book import numbers its files' pages as they arrive.
    const pageIndex = count(row, 'page_index');
    const mimeType = oneOf(row, 'mime_type', PHOTO_TYPES);
    // The page store's own key for the upload's page: nothing else may name where a photo goes.
    const key = `publications/${publicationId}/${jobId as string}/page-${pageIndex}.${EXTENSION[mimeType]}`;
    if (row.storage_key !== key) refuse('storage_key', `must be ${key}, where the archive keeps that page`);
    const size = row.byte_size;
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 1 || size > limits.maxPhotoBytes) {
      refuse('byte_size', `must be from 1 to ${limits.maxPhotoBytes} bytes (the largest photo the archive takes)`);
    }
    const sha256 = row.sha256;
    if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) refuse('sha256', 'must be a SHA-256 checksum in hex');
    if (row.page_number !== null) count(row, 'page_number', POEM_LIMITS.page_number);
    time(row, 'created_at');
    time(row, 'scanned_at', true);
    // A backup made before photos could be turned has no rotation: they stand as uploaded.
    if ('rotation' in row && !PAGE_ROTATIONS.includes(row.rotation as PageRotation))
      refuse('rotation', 'must be 0, 90, 180 or 270 (degrees clockwise)');
    if (!seen.photos.has(key)) seen.photos.set(key, { size: size as number, sha256: sha256 as string, mimeType });
  },
  recordings(row, seen, limits) {
    const poemId = references(row, 'poem_id', 'poems', seen);
    const mimeType = oneOf(row, 'mime_type', Object.keys(AUDIO_EXTENSIONS) as AudioType[]);
    // The store's own key for a recording of that poem: nothing else may name where a file goes.
    const key = row.storage_key;
    const shape = new RegExp(`^recordings/\\d{1,10}/${poemId}/[0-9a-f-]{36}\\.${AUDIO_EXTENSIONS[mimeType]}$`);
    if (typeof key !== 'string' || !shape.test(key)) refuse('storage_key', `must be a key of a recording of poem ${poemId}`);
    if (seen.recordings.has(key as string)) refuse('storage_key', "is another of the backup's recordings");
    const size = row.byte_size;
    const max = limits.maxAudioBytes ?? MAX_ID;
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 1 || size > max)
      refuse('byte_size', `must be from 1 to ${max} bytes (the largest recording the archive takes)`);
    const sha256 = row.sha256;
    if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) refuse('sha256', 'must be a SHA-256 checksum in hex');
    const duration = row.duration_seconds;
    if (typeof duration !== 'number' || !Number.isFinite(duration) || duration <= 0)
      refuse('duration_seconds', 'must be a length in seconds');
    text(row, 'reader', 200, { nullable: true });
    text(row, 'recorded', 100);
    text(row, 'source', 500);
    text(row, 'notes', 10_000);
    count(row, 'position');
    const marks = row.line_marks;
    if (!Array.isArray(marks) || marks.some((m) => typeof m !== 'number' || !Number.isFinite(m) || m < 0 || m > (duration as number)))
      refuse('line_marks', 'must be a list of times within the recording');
    time(row, 'created_at');
    time(row, 'updated_at');
    seen.recordings.set(key as string, { size: size as number, sha256: sha256 as string });
  },
  poem_pages(row, seen) {
    references(row, 'poem_id', 'poems', seen);
    references(row, 'scan_page_id', 'scan_pages', seen);
    count(row, 'position');
  },
  users(row, seen) {
    const username = text(row, 'username', 150, { visible: true })!;
    if (/\s/.test(username)) refuse('username', 'must not contain spaces or line breaks');
    if (seen.usernames.has(username.toLowerCase())) refuse('username', 'is used by another of the backup\u2019s accounts');
    seen.usernames.add(username.toLowerCase());
    const hash = row.password_hash;
    if (typeof hash !== 'string' || !/^\$argon2(id|i|d)\$v=\d+\$[a-z]=\d+(,[a-z]=\d+)*\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(hash)) {
      refuse('password_hash', 'must be an argon2 password hash');
    }
    oneOf(row, 'is_staff', [true, false]);
    time(row, 'created_at');
    time(row, 'updated_at');
  },
  revisions(row, seen) {
    const subject = oneOf(row, 'subject', ['poem', 'publication']);
    const subjectId = id(row, 'subject_id');
    const publicationId = references(row, 'publication_id', 'publications', seen);
    if (subject === 'publication' && subjectId !== publicationId)
      refuse('subject_id', 'of a publication\u2019s version must be its publication_id');
    id(row, 'revision');
    oneOf(row, 'action', REVISION_ACTIONS);
    if (subject === 'poem') poemSnapshot(row.snapshot);
    else publicationSnapshot(row.snapshot);
    if (row.user_id !== null) references(row, 'user_id', 'users', seen);
    text(row, 'username', 150, { nullable: true });
    if (row.overwrote !== null) id(row, 'overwrote');
    time(row, 'created_at');
  },
  poem_reports(row, seen) {
    references(row, 'poem_id', 'poems', seen);
    if (row.line !== null) id(row, 'line');
    for (const field of ['quote', 'note', 'name', 'email'] as const) text(row, field, REPORT_LIMITS[field]);
    oneOf(row, 'status', REPORT_STATUSES);
    time(row, 'created_at');
    time(row, 'closed_at', true);
    text(row, 'closed_by', 150, { nullable: true });
  },
};

const REVISION_ACTIONS = [
  'original',
  'create',
  'edit',
  'scan',
  'delete',
  'details',
  'publish',
  'unpublish',
  'trash',
  'untrash',
  'reorder',
  'revert',
  'proofread',
  'check',
  'as_scanned',
] as const;

const isRecord = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A poem as a version keeps it: held to the rules of a poem, since Restore brings it back. */
function poemSnapshot(snapshot: unknown): void {
  if (!isRecord(snapshot)) return refuse('snapshot', 'must be a JSON object');
  const field = (name: string) => `snapshot.${name}`;
  textOf(snapshot.slug, field('slug'), 120);
  textOf(snapshot.title, field('title'), POEM_LIMITS.title, { visible: true });
  textOf(snapshot.body, field('body'), POEM_LIMITS.body);
  textOf(snapshot.notes, field('notes'), POEM_LIMITS.notes);
  const pages = snapshot.pageNumbers;
  if (
    !Array.isArray(pages) ||
    pages.length > POEM_LIMITS.page_numbers ||
    pages.some((n) => !Number.isInteger(n) || n < 1 || n > POEM_LIMITS.page_number)
  ) {
    refuse(field('pageNumbers'), `must hold at most ${POEM_LIMITS.page_numbers} page numbers from 1 to ${POEM_LIMITS.page_number}`);
  }
  count(snapshot, 'position');
  if (typeof snapshot.deleted !== 'boolean') refuse(field('deleted'), 'must be true or false');
  if ('status' in snapshot) oneOf(snapshot, 'status', POEM_STATUSES);
  if ('language' in snapshot && canonicalLanguage(snapshot.language) !== snapshot.language)
    refuse(field('language'), 'must be a BCP 47 language tag in its canonical spelling');
}

/** A publication as a version keeps it, held to the rules of a publication. */
function publicationSnapshot(snapshot: unknown): void {
  if (!isRecord(snapshot)) return refuse('snapshot', 'must be a JSON object');
  const field = (name: string) => `snapshot.${name}`;
  textOf(snapshot.title, field('title'), PUBLICATION_LIMITS.title, { visible: true });
  const authors = snapshot.authors;
  if (!Array.isArray(authors) || authors.length > PUBLICATION_LIMITS.authors)
    refuse(field('authors'), `must be a list of at most ${PUBLICATION_LIMITS.authors} names`);
  (authors as unknown[]).forEach((author, i) => textOf(author, `${field('authors')}[${i}]`, PUBLICATION_LIMITS.author));
  textOf(snapshot.publisher, field('publisher'), PUBLICATION_LIMITS.publisher);
  textOf(snapshot.publicationDate, field('publicationDate'), PUBLICATION_LIMITS.publication_date);
  textOf(snapshot.isbn, field('isbn'), PUBLICATION_LIMITS.isbn);
  textOf(snapshot.notes, field('notes'), PUBLICATION_LIMITS.notes);
  oneOf(snapshot, 'status', ['draft', 'published']);
  for (const when of ['deletedAt', 'publishedAt']) {
    const value = snapshot[when];
    if (value !== null && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) refuse(field(when), 'must be a time or null');
  }
  const poems = snapshot.poems;
  if (!Array.isArray(poems) || poems.length > 100_000) return refuse(field('poems'), 'must be a list of poems');
  poems.forEach((poem: unknown, i) => {
    if (!isRecord(poem)) return refuse(`${field('poems')}[${i}]`, 'must be a poem');
    id(poem, 'id');
    textOf(poem.title, `${field('poems')}[${i}].title`, POEM_LIMITS.title);
  });
}

export interface BackupLimits {
  /** The largest page photo the archive takes (MAX_UPLOAD_MB). */
  maxPhotoBytes: number;
  /** The largest recording the archive takes (MAX_AUDIO_MB). */
  maxAudioBytes?: number;
}

/**
 * Checks one row of a table (already parsed, its columns those of the format) against the rules
 * of its records, and notes it for the rows after it. `where` names it for the message: the
 * entry and line it came from.
 */
export function checkRow(spec: TableSpec, row: Row, where: string, seen: RestoredSoFar, limits: BackupLimits): void {
  const ids = seen.ids[spec.name]!;
  try {
    if (spec.serial) {
      const rowId = id(row, spec.serial);
      if (ids.has(rowId)) refuse(spec.serial, `${rowId} is used by another row`);
    }
    RULES[spec.name]!(row, seen, limits);
  } catch (err) {
    if (!(err instanceof RowRefused)) throw err;
    const record = spec.serial && typeof row[spec.serial] === 'number' ? ` (${spec.name} ${String(row[spec.serial])})` : '';
    throw ArchiveError.unreadable(`${where}${record}: ${err.message}`);
  }
  if (spec.serial) {
    const rowId = row[spec.serial] as number;
    ids.add(rowId);
    seen.maxId[spec.name] = Math.max(seen.maxId[spec.name]!, rowId);
  }
}

/** The manifest's next ids must come after every restored id, or the archive would hand out an id twice. */
export function checkNextIds(tables: readonly TableSpec[], nextIds: Record<string, number>, seen: RestoredSoFar): void {
  for (const spec of tables) {
    if (!spec.serial) continue;
    const next = nextIds[spec.name]!;
    if (next <= seen.maxId[spec.name]!) {
      throw ArchiveError.unreadable(
        `its manifest's next id of ${spec.name} (${next}) is not above the highest id its rows hold (${seen.maxId[spec.name]})`,
      );
    }
  }
}
