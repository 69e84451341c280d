/**
 * A restore of a damaged, foreign or hostile file (links for photos, a changed or disguised photo,
 * a bomb, rows the API would refuse) is refused, naming what is wrong, and changes nothing: the
 * empty archive stays empty and the untouched backup still restores there. The file's checks are
 * the same on either database, so they run on one (scenarioTarget); a restore's all-or-nothing on
 * each database is archive-backup.e2e-spec.ts's.
 *
 * Most files are refused by a restore in this process, which answers with the command line's own
 * exit status and lines (test/support/archive-backup.ts) without starting a process and a
 * database for each; one of each kind goes through the real command line, so its exit code and
 * its messages are proven end to end too.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_TABLES } from '../../src/archive/domain/archive-format.js';
import {
  archiveCli,
  inProcess,
  manifestOf,
  sourceArchive,
  storedFiles,
  tarEntries,
  tarOf,
  writeTemp,
  type CommandRun,
  type InProcessArchive,
  type Place,
} from '../support/archive-backup.js';
import { scenarioTarget, type DbTarget } from '../support/test-app.js';

/** A file a restore must refuse, and what the refusal must say. */
interface Refusal {
  name: string;
  data: Buffer;
  message: string | RegExp;
  /** Through the real command line (with this environment), rather than in this process. */
  cli?: Record<string, string>;
}

/** Marks a refusal to go through the command line, in the environment it runs in. */
const BY_COMMAND_LINE: Record<string, string> = {};

/**
 * Restores each file into the place, first those to go through the command line, then the others
 * in this process; `check` judges each answer. `after` runs on the archive opened in this process,
 * closed before this returns, so no later command line finds the embedded database taken.
 */
async function refuseAll(
  place: Place,
  refusals: Refusal[],
  check: (r: Refusal, run: CommandRun) => void,
  after: (archive: InProcessArchive) => Promise<void>,
) {
  for (const r of refusals.filter((r) => r.cli)) check(r, archiveCli(['import', writeTemp(r.name, r.data)], place, r.cli));
  await inProcess(place, async (archive) => {
    for (const r of refusals.filter((r) => !r.cli)) check(r, await archive.restore(writeTemp(r.name, r.data)));
    await after(archive);
  });
}

/** No page photo and no row but the admin accounts (which a fresh archive makes itself). */
async function expectEmpty(place: Place, archive: InProcessArchive) {
  expect(storedFiles(join(place.dataDir, 'pages'))).toEqual([]);
  const after = await manifestOf(await archive.exportBytes());
  for (const table of ARCHIVE_TABLES.filter((t) => t.name !== 'users')) expect(after.tables[table.name].rows, table.name).toBe(0);
  expect(after.pages).toEqual({ files: 0, bytes: 0 });
}

describe.each(scenarioTarget())('refusals of a restore on %s', (target: DbTarget) => {
  const suite = sourceArchive(target);

  it('refuses a damaged, cut-off or foreign file with a clear message, and the empty archive stays empty', async () => {
    const place = await suite.emptyPlace();
    const refusals: Refusal[] = [];
    const refuse = (name: string, data: Buffer, message: string, cli?: Record<string, string>) =>
      refusals.push({ name, data, message, cli });
    const { source, download } = suite;
    refuse(
      'photo.jpg',
      readFileSync(join(source.dataDir, 'pages', storedFiles(join(source.dataDir, 'pages'))[0])),
      'This file is not a poetry archive backup (it is not a tar file).',
      BY_COMMAND_LINE,
    );
    refuse(
      'other.tar',
      await tarOf([{ name: 'README', data: Buffer.from('hello') }]),
      'This file is not a poetry archive backup (it does not begin with archive.json).',
    );

    const entries = await tarEntries(download.body);
    const withManifest = async (change: (m: Record<string, unknown>) => void) => {
      const manifest = JSON.parse(entries[0].data.toString('utf8'));
      change(manifest);
      return tarOf([{ name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) }, ...entries.slice(1)]);
    };
    refuse(
      'future.tar',
      await withManifest((m) => (m.format_version = 99)),
      'This backup is in format version 99, but this version of the archive reads only versions 1, 2 and 3.',
    );
    refuse(
      'newer.tar',
      await withManifest((m) => (m.schema_version = 'SomethingNew1999999999999')),
      'This backup was made by a newer version of the archive',
    );
    // Cut inside the last page photo: the rows and the first photo were already restored, and go again.
    refuse(
      'cut.tar',
      download.body.subarray(0, download.body.length - 2048),
      'The backup file is damaged or incomplete: Unexpected end of data. Nothing was restored.',
    );
    const tampered = entries.map((e) =>
      e.name.startsWith('data/poems/')
        ? { ...e, data: Buffer.from(e.data.toString('utf8').replace('Low Tide', 'Low Tide","extra":"x')) }
        : e,
    );
    refuse(
      'tampered.tar',
      await tarOf(tampered),
      'The backup file is damaged or incomplete: data/poems/000001.ndjson line 1 does not have the columns of poems in format version 3.',
    );

    await refuseAll(
      place,
      refusals,
      ({ name, message }, run) => {
        expect(run.status, `${name}: ${run.stdout}`).toBe(1);
        expect(run.stderr, name).toMatch(message);
      },
      async (archive) => {
        await expectEmpty(place, archive);
        expect(existsSync(join(place.dataDir, 'site-settings.json'))).toBe(false);
      },
    );
  });

  it('refuses a hostile backup, naming what is wrong, and the empty archive stays empty', async () => {
    const place = await suite.emptyPlace();
    const { download } = suite;
    const entries = await tarEntries(download.body);
    const refusals: Refusal[] = [];
    const refuse = (name: string, data: Buffer, message: string | RegExp, cli?: Record<string, string>) =>
      refusals.push({ name, data, message, cli });
    const photo = entries.find((e) => e.name.startsWith('pages/'))!;
    const photoKey = photo.name.slice('pages/'.length);
    /** The backup with one row of a table changed (and that table's other rows as they were). */
    const withRow = (table: string, change: (row: Record<string, unknown>) => void, line = 0) =>
      entries.map((e) => {
        if (!e.name.startsWith(`data/${table}/`)) return e;
        const lines = e.data.toString('utf8').trimEnd().split('\n');
        const row = JSON.parse(lines[line]!);
        change(row);
        lines[line] = JSON.stringify(row);
        return { ...e, data: Buffer.from(`${lines.join('\n')}\n`) };
      });
    const withPhoto = (list: typeof entries, data: Buffer) => list.map((e) => (e === photo || e.name === photo.name ? { ...e, data } : e));
    const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

    // Photo entries that are links (to /etc/passwd, or up the tree), as the row says or with a size of 0 in the row.
    for (const [type, linkname] of [
      ['symlink', '/etc/passwd'],
      ['link', '../../etc/passwd'],
    ] as const) {
      const pack = tarPack();
      for (const e of entries) {
        if (e.name === photo.name) pack.entry({ name: e.name, type, linkname });
        else pack.entry({ name: e.name }, e.data);
      }
      pack.finalize();
      const chunks: Buffer[] = [];
      for await (const chunk of pack) chunks.push(chunk as Buffer);
      refuse(
        `${type}.tar`,
        Buffer.concat(chunks),
        `its entry ${photo.name} is not a regular file (${type})`,
        type === 'symlink' ? BY_COMMAND_LINE : undefined,
      );
    }
    // A version that Restore would bring back must hold what the archive would store.
    refuse(
      'blank-version.tar',
      await tarOf(withRow('revisions', (r) => ((r.snapshot as { title: string }).title = ' '))),
      /data\/revisions\/000001\.ndjson line 1 \(revisions 1\): snapshot\.title must show a visible character/,
    );
    refuse(
      'foreign-version.tar',
      await tarOf(withRow('revisions', (r) => (r.publication_id = 999))),
      'publication_id names publications 999, which the backup does not hold',
    );
    refuse(
      'size-0.tar',
      await tarOf(withRow('scan_pages', (r) => (r.byte_size = 0))),
      /data\/scan_pages\/000001\.ndjson line 1 \(scan_pages \d+\): byte_size must be from 1 to 20971520 bytes/,
    );

    // One byte of a photo flipped: its checksum no longer matches.
    const flipped = Buffer.from(photo.data);
    flipped[flipped.length >> 1] ^= 0xff;
    refuse(
      'flipped.tar',
      await tarOf(withPhoto(entries, flipped)),
      `the page photo ${photoKey} is not the one it was backed up as (its checksum differs)`,
      BY_COMMAND_LINE,
    );

    // A "photo" that is a page or a picture of script: refused even with its row made to match it.
    for (const [what, data] of [
      ['html', Buffer.from('<!doctype html><script src="/api/scan_pages/2/image/"></script>')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/publications/")</script></svg>')],
    ] as const) {
      const rows = withRow('scan_pages', (r) => Object.assign(r, { byte_size: data.length, sha256: sha256(data) }));
      const manifest = JSON.parse(rows[0]!.data.toString('utf8'));
      manifest.pages.bytes += data.length - photo.data.length;
      const list = [{ name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) }, ...withPhoto(rows, data).slice(1)];
      refuse(
        `${what}.tar`,
        await tarOf(list),
        `the page photo ${photoKey} is not a JPEG, PNG or WebP photo, where its page lists image/jpeg`,
      );
    }

    // The bomb is refused as the file is read, through the command line, whose heap limit is the point.
    {
      // A gzipped backup whose rows are 256 MB of line breaks, read by an importer given 128 MB of heap.
      const bomb = tarPack();
      const gzipped = (async () => {
        const gz: Buffer[] = [];
        for await (const chunk of bomb.pipe(createGzip({ level: 9 }))) gz.push(chunk as Buffer);
        return Buffer.concat(gz);
      })();
      bomb.entry({ name: 'archive.json' }, entries[0]!.data);
      const newlines = bomb.entry({ name: 'data/publications/000001.ndjson', size: 256 * 1024 * 1024 }) as unknown as NodeJS.WritableStream;
      const mb = Buffer.alloc(1024 * 1024, 0x0a);
      for (let i = 0; i < 256; i++) if (!newlines.write(mb)) await new Promise((r) => newlines.once('drain', r));
      newlines.end();
      bomb.finalize();
      const bombFile = await gzipped;
      expect(bombFile.length).toBeLessThan(2 * 1024 * 1024);
      refuse('bomb.tar.gz', bombFile, 'data/publications/000001.ndjson holds an empty line', { NODE_OPTIONS: '--max-old-space-size=128' });
    }

    // A photo claiming a gigabyte: in its row, and in its tar header (the file itself is small).
    refuse(
      'gigabyte-row.tar',
      await tarOf(withRow('scan_pages', (r) => (r.byte_size = 1024 ** 3))),
      'byte_size must be from 1 to 20971520 bytes',
    );
    const claimed = await tarOf(entries);
    const header = claimed.indexOf(Buffer.from(photo.name));
    Buffer.from('10000000000\0').copy(claimed, header + 124); // 1 GiB in octal
    claimed.fill(0x20, header + 148, header + 156);
    let sum = 0;
    for (let i = header; i < header + 512; i++) sum += claimed[i]!;
    Buffer.from(`${sum.toString(8).padStart(6, '0')}\0 `).copy(claimed, header + 148);
    refuse(
      'gigabyte-header.tar',
      claimed.subarray(0, header + 512 + 4096),
      `the page photo ${photoKey} is 1073741824 bytes, not the ${photo.data.length} its page lists`,
    );

    // Rows the API would refuse, named by entry, line, record and field.
    const rowCases: Array<[string, string, (r: Record<string, unknown>) => void, RegExp]> = [
      [
        'bell',
        'publications',
        (r) => (r.title = 'Songs\u0007'),
        /data\/publications\/000001\.ndjson line 1 \(publications \d+\): title must not contain control characters or bidirectional overrides/,
      ],
      [
        'bidi',
        'publications',
        (r) => (r.authors = ['\u202Ehsram ada']),
        /\(publications \d+\): authors\[0\] must not contain control characters or bidirectional overrides/,
      ],
      [
        'invisible',
        'poems',
        (r) => (r.title = '\u200B\u2060'),
        /data\/poems\/000001\.ndjson line 1 \(poems \d+\): title must show a visible character/,
      ],
      ['no-date', 'publications', (r) => (r.created_at = 'yesterday'), /\(publications \d+\): created_at must be a time/],
      ['no-day', 'poems', (r) => (r.updated_at = '2024-02-30T10:00:00+00:00'), /\(poems \d+\): updated_at must be a time/],
      ['counts', 'poems', (r) => (r.line_count = 99), /\(poems \d+\): line_count must be the count of its body's lines/],
      [
        'orphan',
        'poems',
        (r) => (r.publication_id = 9999),
        /\(poems \d+\): publication_id names publications 9999, which the backup does not hold/,
      ],
      [
        'path',
        'scan_pages',
        (r) => (r.storage_key = '../../etc/cron.d/x'),
        /\(scan_pages \d+\): storage_key must be publications\/\d+\/scan-/,
      ],
      ['turn', 'scan_pages', (r) => (r.rotation = 45), /\(scan_pages \d+\): rotation must be 0, 90, 180 or 270/],
      [
        'tongue',
        'poems',
        (r) => (r.language = 'DE'),
        /\(poems \d+\): language must be null \(its book's\) or a BCP 47 language tag in its canonical spelling/,
      ],
      ['status', 'publications', (r) => (r.status = 'secret'), /\(publications \d+\): status must be one of "draft", "published"/],
      ['hash', 'users', (r) => (r.password_hash = 'plain text'), /\(users \d+\): password_hash must be an argon2 password hash/],
    ];
    for (const [name, table, change, message] of rowCases)
      refuse(`${name}.tar`, await tarOf(withRow(table, change)), message, name === 'bell' ? BY_COMMAND_LINE : undefined);
    // Next ids below the ids the rows hold: the archive would hand one out twice.
    const manifest = JSON.parse(entries[0]!.data.toString('utf8'));
    manifest.next_ids.poems = 2;
    refuse(
      'next-ids.tar',
      await tarOf([{ name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) }, ...entries.slice(1)]),
      /its manifest's next id of poems \(2\) is not above the highest id its rows hold \(\d+\)/,
    );

    await refuseAll(
      place,
      refusals,
      ({ name, message }, run) => {
        expect(run.status, `${name}: ${run.stdout}${run.stderr}`).toBe(1);
        expect(run.stderr, name).toMatch(message);
        expect(run.stderr, name).toContain('Nothing was restored.');
      },
      async (archive) => {
        await expectEmpty(place, archive);
        // The untouched backup still restores there: none of the refusals left anything behind.
        const run = await archive.restore(writeTemp('backup.tar', download.body));
        expect(run.status, run.stderr).toBe(0);
      },
    );
  });
});
