import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_TABLES,
  parseManifest,
  storageKeyOfEntry,
  tableOfEntry,
  chunkEntryName,
} from './archive-format.js';

const KNOWN = ['InitialSchema1763700000000', 'ScanPages1763800000000'];

function manifest(change: (m: Record<string, any>) => void = () => undefined): string {
  const m: Record<string, any> = {
    format: 'poetry-archive-backup',
    format_version: ARCHIVE_FORMAT_VERSION,
    schema_version: 'ScanPages1763800000000',
    tables: Object.fromEntries(ARCHIVE_TABLES.map((t) => [t.name, { rows: 1, columns: [...t.columns] }])),
    next_ids: Object.fromEntries(ARCHIVE_TABLES.filter((t) => t.serial).map((t) => [t.name, 2])),
    pages: { files: 0, bytes: 0 },
    site_settings: null,
  };
  change(m);
  return JSON.stringify(m);
}

describe('the backup manifest', () => {
  it('reads a manifest of this format, from an older known schema too', () => {
    expect(parseManifest(manifest(), KNOWN).tables.poems.rows).toBe(1);
    expect(
      parseManifest(
        manifest((m) => (m.schema_version = 'InitialSchema1763700000000')),
        KNOWN,
      ).schema_version,
    ).toBe('InitialSchema1763700000000');
  });

  it('reads a manifest made before books had a language, whose publications then read as English', () => {
    const before = manifest((m) => (m.tables.publications.columns = m.tables.publications.columns.filter((c: string) => c !== 'language')));
    expect(parseManifest(before, KNOWN).tables.publications.columns).not.toContain('language');
    expect(ARCHIVE_TABLES.find((t) => t.name === 'publications')!.columns).toContain('language');
  });

  it('reads a manifest made before poems had a status, whose poems then restore As scanned', () => {
    const added = ['proofreading_status', 'proofread_by', 'proofread_by_name', 'proofread_at'];
    const before = manifest((m) => (m.tables.poems.columns = m.tables.poems.columns.filter((c: string) => !added.includes(c))));
    expect(parseManifest(before, KNOWN).tables.poems.columns).not.toContain('proofreading_status');
    expect(ARCHIVE_TABLES.find((t) => t.name === 'poems')!.columns).toEqual(expect.arrayContaining(added));
  });

  it('reads a version 1 manifest, made before the history, with its tables as they were', () => {
    const v1 = manifest((m) => {
      m.format_version = 1;
      delete m.tables.revisions;
      delete m.next_ids.revisions;
      delete m.tables.recordings;
      delete m.next_ids.recordings;
      delete m.tables.poem_reports;
      delete m.next_ids.poem_reports;
      m.tables.poems.columns = m.tables.poems.columns.filter(
        (c: string) => c !== 'revision' && c !== 'reading' && c !== 'language' && !c.startsWith('proofread'),
      );
      m.tables.publications.columns = m.tables.publications.columns.filter((c: string) => c !== 'revision' && c !== 'language');
    });
    expect(Object.keys(parseManifest(v1, KNOWN).tables)).toEqual(['publications', 'poems', 'scan_pages', 'poem_pages', 'users']);
    // A version 1 manifest listing version 2's columns is not one.
    expect(() =>
      parseManifest(
        manifest((m) => (m.format_version = 1)),
        KNOWN,
      ),
    ).toThrow('does not describe the table publications as format version 1 does');
  });

  it("reads a version 2 manifest, made before recordings and readers' reports, with its tables as they were", () => {
    const v2 = manifest((m) => {
      m.format_version = 2;
      delete m.tables.recordings;
      delete m.next_ids.recordings;
      delete m.tables.poem_reports;
      delete m.next_ids.poem_reports;
    });
    expect(Object.keys(parseManifest(v2, KNOWN).tables)).not.toContain('recordings');
    expect(Object.keys(parseManifest(v2, KNOWN).tables)).not.toContain('poem_reports');
    expect(ARCHIVE_TABLES.map((t) => t.name)).toEqual(expect.arrayContaining(['recordings', 'poem_reports']));
    // A version 2 manifest listing the new tables is not one.
    expect(() =>
      parseManifest(
        manifest((m) => (m.format_version = 2)),
        KNOWN,
      ),
    ).toThrow('lists tables this format does not have');
  });

  it('refuses another format, another format version and a newer schema, saying which', () => {
    expect(() =>
      parseManifest(
        manifest((m) => (m.format = 'something-else')),
        KNOWN,
      ),
    ).toThrow('This file is not a poetry archive backup');
    expect(() =>
      parseManifest(
        manifest((m) => (m.format_version = 4)),
        KNOWN,
      ),
    ).toThrow('format version 4, but this version of the archive reads only versions 1, 2 and 3');
    expect(() =>
      parseManifest(
        manifest((m) => (m.format_version = '3')),
        KNOWN,
      ),
    ).toThrow('format version "3"');
    expect(() =>
      parseManifest(
        manifest((m) => (m.schema_version = 'Later1900000000000')),
        KNOWN,
      ),
    ).toThrow('made by a newer version of the archive');
    expect(() => parseManifest('{not json', KNOWN)).toThrow('archive.json is not valid JSON');
  });

  it('refuses a manifest whose tables differ from the format (a column more, a table less, a bad count)', () => {
    expect(() =>
      parseManifest(
        manifest((m) => m.tables.poems.columns.push('mood')),
        KNOWN,
      ),
    ).toThrow('does not describe the table poems');
    expect(() =>
      parseManifest(
        manifest((m) => delete m.tables.users),
        KNOWN,
      ),
    ).toThrow('does not describe the table users');
    expect(() =>
      parseManifest(
        manifest((m) => (m.tables.extra = { rows: 0, columns: [] })),
        KNOWN,
      ),
    ).toThrow('lists tables this format does not have');
    expect(() =>
      parseManifest(
        manifest((m) => (m.tables.publications.rows = -1)),
        KNOWN,
      ),
    ).toThrow('publications');
    expect(() =>
      parseManifest(
        manifest((m) => (m.next_ids = {})),
        KNOWN,
      ),
    ).toThrow('lacks the next id of publications');
    expect(() =>
      parseManifest(
        manifest((m) => (m.site_settings = 'poet')),
        KNOWN,
      ),
    ).toThrow('site settings');
  });

  it('names entries so that rows and photos are told apart', () => {
    expect(chunkEntryName('poem_pages', 12)).toBe('data/poem_pages/000012.ndjson');
    expect(tableOfEntry('data/poem_pages/000012.ndjson')).toBe('poem_pages');
    expect(tableOfEntry('data/../x/000001.ndjson')).toBeUndefined();
    expect(storageKeyOfEntry('pages/publications/1/scan-1-ab/page-0.jpg')).toBe('publications/1/scan-1-ab/page-0.jpg');
    expect(storageKeyOfEntry('archive.json')).toBeUndefined();
  });
});
