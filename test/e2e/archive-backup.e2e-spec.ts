/**
 * Backup and restore on both databases: the admin's download and `npm run archive -- export` give
 * the same bytes; the file restores (`import`) into an empty archive with every id, slug, time,
 * position, photo and login kept, and exports again byte for byte; a restore into an archive that
 * is not empty, or of a damaged, foreign or hostile file (links for photos, a changed or
 * disguised photo, a bomb, rows the API would refuse), is refused and changes nothing. Pages are scanned
 * through the real upload path, read by the OpenAI adapter from a stub.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import sharp from 'sharp';
import { pack as tarPack, extract as tarExtract } from 'tar-stream';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSiteSettings } from '../../reader/test-support/site-app.js';
import type { PublicationHistory } from '../../contracts/history.js';
import { ARCHIVE_TABLES } from '../../src/archive/domain/archive-format.js';
import { hashPassword } from '../../src/auth/password-hasher.js';
import { UsersRepository } from '../../src/auth/users.repository.js';
import { completion, startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { createScratchDatabase } from '../support/worker-process/scan-helpers.js';
import { csrfAgent, dbTargets, staffAgent, startTestApp, type DbTarget, type TestAgent, type TestApp } from '../support/test-app.js';

const CLI = 'dist/server/cli/archive.js';
const SECOND_ADMIN = { username: 'archivist', password: 'an elegy kept twice' };

/** Where an archive lives: its data folder (embedded database and page photos) and, on PostgreSQL, its database. */
interface Place {
  dataDir: string;
  databaseUrl?: string;
}

function archiveCli(args: string[], place: Place, env: Record<string, string> = {}) {
  const { DATABASE_URL: _db, REDIS_URL: _redis, SITE_SETTINGS_FILE: _site, ...base } = process.env;
  const placeEnv: Record<string, string> = { DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}) };
  return spawnSync(process.execPath, [CLI, ...args], { env: { ...base, ...placeEnv, ...env }, encoding: 'utf8', input: '' });
}

/** Exports an archive with the CLI and answers the file's bytes. */
function exportWithCli(place: Place, env: Record<string, string> = {}): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'archive-export-')), 'backup.tar');
  const run = archiveCli(['export', file], place, env);
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(file);
}

function writeTemp(name: string, data: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'archive-file-')), name);
  writeFileSync(file, data);
  return file;
}

/** The entries of a tar file: name and bytes, in order. */
async function tarEntries(data: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  const extract = tarExtract();
  const entries: Array<{ name: string; data: Buffer }> = [];
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
    }
  })();
  extract.end(data);
  await reading;
  return entries;
}

async function tarOf(entries: Array<{ name: string; data: Buffer }>): Promise<Buffer> {
  const pack = tarPack();
  for (const e of entries) pack.entry({ name: e.name }, e.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const manifestOf = async (file: Buffer) => JSON.parse((await tarEntries(file))[0].data.toString('utf8'));

/** Page photos under a data folder's page store. */
function storedFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
}

/** Rows of a backup entry without one of their columns (as a backup made before that column). */
function withoutColumn(data: Buffer, column: string): Buffer {
  const lines = data.toString('utf8').trimEnd().split('\n');
  return Buffer.from(
    lines
      .map((line) => {
        const { [column]: _, ...row } = JSON.parse(line);
        return JSON.stringify(row);
      })
      .join('\n') + '\n',
  );
}

/** Everything a curator and a visitor see of an archive, with ids, slugs, times and photo bytes. */
async function viewOf(agent: TestAgent) {
  const active = (await agent.get('/api/publications/?admin=true&sort=["created_at","ASC"]').expect(200)).body as Array<{ id: number; slug: string }>;
  const trash = (await agent.get('/api/publications/trash/').expect(200)).body.results as Array<{ id: number }>;
  const publications = [];
  for (const pub of [...active, ...trash]) {
    const poems = (await agent.get(`/api/publications/${pub.id}/poems/?admin=true`).expect(200)).body as Array<{ id: number }>;
    // The history: every version of the book and of each poem, a deleted poem's too, with who and when.
    const history = (await agent.get(`/api/publications/${pub.id}/history`).expect(200)).body as PublicationHistory;
    const poemHistories = [];
    for (const poem of [...poems, ...history.deleted_poems]) poemHistories.push((await agent.get(`/api/poems/${poem.id}/history`).expect(200)).body);
    const pages = [];
    for (const poem of poems) {
      for (const page of (await agent.get(`/api/poems/${poem.id}/pages/`).expect(200)).body as Array<{ url: string; rotation: number }>) {
        const image = await agent.get(page.url).buffer(true).expect(200);
        pages.push({ poem: poem.id, ...page, bytes: (image.body as Buffer).toString('base64') });
      }
    }
    publications.push({ pub, poems, pages, history, poemHistories });
  }
  const visitor = (await agent.get(`/api/publications/${active[0].slug}/`).expect(200)).body;
  return { publications, visitor };
}

describe.each(dbTargets())('backup and restore on %s', (target: DbTarget) => {
  let stub: OpenAiStub;
  let answer: { page_number: number; poems: Array<{ title: string; body: string }> };
  let source: Place;
  const siteSettings = writeSiteSettings({ siteName: 'The Harbour Archive' });
  let download: { status: number; headers: Record<string, string>; body: Buffer };
  let anonymous: { status: number; type: string; body: { message?: string } };
  let columns: Record<string, string[]>;
  let sourceView: Awaited<ReturnType<typeof viewOf>>;
  const scratch: Array<() => Promise<void>> = [];

  /** A new, empty place to restore into (a data folder, and a database of its own on PostgreSQL). */
  async function emptyPlace(): Promise<Place> {
    const dataDir = mkdtempSync(join(tmpdir(), 'archive-restore-'));
    if (target === 'pglite') return { dataDir };
    const db = await createScratchDatabase();
    scratch.push(db.drop);
    return { dataDir, databaseUrl: db.url };
  }

  async function startOn(place: Place): Promise<TestApp> {
    return startTestApp(target, {
      env: { DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl, SITE_SETTINGS_FILE: siteSettings },
      persistent: true,
      reset: false,
    });
  }

  beforeAll(async () => {
    expect(existsSync(CLI), 'run npm run build first').toBe(true);
    stub = await startOpenAiStub(() => ({ status: 200, body: completion({ begins_mid_poem: false, ends_short: false, ...answer }) }));
    const db = target === 'postgres' ? await createScratchDatabase() : undefined;
    if (db) scratch.push(db.drop);
    source = { dataDir: mkdtempSync(join(tmpdir(), 'archive-source-')), databaseUrl: db?.url };
    const t = await startOn(source);
    try {
      const { agent, token } = await staffAgent(t);
      await t.app.get(UsersRepository).upsert(SECOND_ADMIN.username, await hashPassword(SECOND_ADMIN.password));

      const create = async (title: string) => Number((await agent.post('/api/publications/').set('X-CSRFToken', token).send({ title, authors: ['Ada Marsh'], publisher: 'Gull Press', publication_date: '1979' }).expect(201)).body.id);
      const scan = async (id: number, width: number, page: typeof answer) => {
        answer = page;
        const photo = await sharp({ create: { width, height: 900, channels: 3, background: '#f4f1ea' } }).jpeg().toBuffer();
        const res = await agent.post(`/api/publications/${id}/batch_upload_pages/`).set('X-CSRFToken', token).attach('page_0', photo, 'page.jpg');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      };

      const harbour = await create('Songs of the Harbour');
      await scan(harbour, 601, { page_number: 7, poems: [{ title: 'Low Tide', body: 'The boats lie down\n  on their sides\n\nand wait.' }, { title: 'Gulls', body: 'white\nwhite\nwhite' }] });
      await scan(harbour, 602, { page_number: 8, poems: [{ title: 'Lighthouse', body: 'One eye, all night,\nfor strangers.' }] });
      const typed = (await agent.post(`/api/publications/${harbour}/poems/`).set('X-CSRFToken', token).send({ title: 'Élégie — für Ada', body: 'Tränen\n\tund Salz “quoted”', notes: 'Found in a letter, 1981.' }).expect(201)).body;
      const poems = (await agent.get(`/api/publications/${harbour}/poems/?admin=true`).expect(200)).body as Array<{ id: number }>;
      await agent.post(`/api/publications/${harbour}/reorder_poems/`).set('X-CSRFToken', token).send({ poem_ids: [typed.id, ...poems.filter((p) => p.id !== typed.id).map((p) => p.id).reverse()] }).expect(200);
      await agent.post(`/api/publications/${harbour}/publish/`).set('X-CSRFToken', token).expect(200);
      // The second page was photographed sideways and turned upright.
      const turnedPoem = (await agent.get(`/api/publications/${harbour}/poems/?admin=true`).expect(200)).body.find((p: { title: string }) => p.title === 'Lighthouse');
      const [turnedPage] = (await agent.get(`/api/poems/${turnedPoem.id}/pages/`).expect(200)).body as Array<{ id: number }>;
      await agent.put(`/api/scan_pages/${turnedPage!.id}/rotation/`).set('X-CSRFToken', token).send({ rotation: 90 }).expect(200);
      // History: a scanned poem corrected by the second curator, and a typed poem deleted again.
      const second = await csrfAgent(t);
      await second.agent.post('/api/auth/login/').set('X-CSRFToken', second.token).send(SECOND_ADMIN).expect(200);
      const lighthouse = (await agent.get(`/api/publications/${harbour}/poems/?admin=true`).expect(200)).body.find((p: { title: string }) => p.title === 'Lighthouse');
      await second.agent.put(`/api/poems/${lighthouse.id}/`).set('X-CSRFToken', second.token).send({ body: 'One eye, all night,\nfor strangers at sea.', base_revision: 0 }).expect(200);
      const struck = (await agent.post(`/api/publications/${harbour}/poems/`).set('X-CSRFToken', token).send({ title: 'Struck Out', body: 'a line she crossed out' }).expect(201)).body;
      await agent.delete(`/api/poems/${struck.id}/`).set('X-CSRFToken', token).expect(200);

      const drafts = await create('Unfinished Drafts');
      await agent.post(`/api/publications/${drafts}/poems/`).set('X-CSRFToken', token).send({ title: 'Draft', body: 'not yet' }).expect(201);
      await agent.delete(`/api/publications/${drafts}/`).set('X-CSRFToken', token).expect(200);
      // Deleted forever: its id must not be handed out again after a restore.
      const gone = await create('Deleted Forever');
      await agent.delete(`/api/publications/${gone}/`).set('X-CSRFToken', token).expect(200);
      await agent.delete(`/api/publications/${gone}/permanent_delete/`).set('X-CSRFToken', token).expect(200);

      sourceView = await viewOf(agent);
      const res = await agent.get('/api/archive/backup/').buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
      download = { status: res.status, headers: res.headers as Record<string, string>, body: res.body as Buffer };
      const anon = await t.http().get('/api/archive/backup/');
      anonymous = { status: anon.status, type: anon.type, body: anon.body };
      const dataSource = t.app.get(DataSource);
      columns = {};
      for (const table of ARCHIVE_TABLES) {
        const rows: Array<{ column_name: string }> = await dataSource.query(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [table.name],
        );
        columns[table.name] = rows.map((r) => r.column_name);
      }
    } finally {
      await t.close();
    }
  });

  afterAll(async () => {
    await stub?.close();
    for (const drop of scratch) await drop().catch(() => undefined);
  });

  it('answers the admin a download of the whole archive, for staff only', async () => {
    expect(anonymous.status).toBe(401);
    expect(anonymous.type).toBe('application/json');
    expect(anonymous.body.message).toBe('Authentication credentials were not provided.');

    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/x-tar');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="poetry-archive-backup-\d{4}-\d{2}-\d{2}\.tar"$/);
    expect(download.headers['cache-control']).toBe('no-store');
    const manifest = await manifestOf(download.body);
    expect(manifest).toMatchObject({
      format: 'poetry-archive-backup',
      format_version: 2,
      // Versions: the harbour book's creation, reorder and publishing; the typed poem's creation; the
      // scanned poem's first version and its correction; the struck poem's creation and deletion;
      // the drafts' creation and trash, and their poem's creation (the book deleted forever took its own).
      tables: { publications: { rows: 2 }, poems: { rows: 5 }, scan_pages: { rows: 2 }, poem_pages: { rows: 3 }, users: { rows: 2 }, revisions: { rows: 11 } },
      next_ids: { publications: 4 },
      pages: { files: 2 },
      site_settings: { siteName: 'The Harbour Archive' },
    });
    const names = (await tarEntries(download.body)).map((e) => e.name);
    expect(names.filter((n) => n.startsWith('pages/'))).toHaveLength(2);
    // Password hashes only, never a password.
    expect(download.body.includes(Buffer.from(SECOND_ADMIN.password))).toBe(false);
    expect(download.body.includes(Buffer.from('$argon2'))).toBe(true);
  });

  it('backs up every column of the tables it keeps, but those it leaves out on purpose', () => {
    for (const table of ARCHIVE_TABLES) expect(columns[table.name], table.name).toEqual([...table.columns, ...(table.leftOut ?? [])]);
  });

  it('exports the same bytes from the command line as the admin downloads', () => {
    expect(exportWithCli(source, { SITE_SETTINGS_FILE: siteSettings }).equals(download.body)).toBe(true);
  });

  it('restores into a fresh install every publication, poem, photo, time and login, and exports it again byte for byte', async () => {
    const place = await emptyPlace();
    // A new machine, started once: it made its first admin, and a visitor saw an empty archive.
    let t = await startOn(place);
    expect((await t.http().get('/api/publications/').expect(200)).body).toEqual([]);
    // The embedded database takes one process at a time; PostgreSQL restores under the running site.
    if (target === 'pglite') await t.close();

    const run = archiveCli(['import', writeTemp('backup.tar', download.body)], place);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Restored 2 publications, 5 poems and 2 page photos');
    expect(run.stdout).toContain("Admin accounts: curator, archivist (in place of this archive's curator)");
    const settingsFile = join(place.dataDir, 'site-settings.json');
    expect(run.stdout).toContain(`Site settings written to ${settingsFile}`);
    expect(JSON.parse(readFileSync(settingsFile, 'utf8'))).toEqual(JSON.parse(readFileSync(siteSettings, 'utf8')));

    try {
      if (target === 'postgres') {
        // The running site drops its cached empty list as soon as the change notification reaches it.
        const site = t;
        const titles = async () => ((await site.http().get('/api/publications/').expect(200)).body as Array<{ title: string }>).map((p) => p.title);
        await expect.poll(titles, { timeout: 5000 }).toEqual(['Songs of the Harbour']);
      }
      expect(exportWithCli(place, { SITE_SETTINGS_FILE: settingsFile }).equals(download.body)).toBe(true);
      if (target === 'pglite') t = await startOn(place);
      const { agent, token } = await staffAgent(t);
      expect(await viewOf(agent)).toEqual(sourceView);
      const other = await csrfAgent(t);
      await other.agent.post('/api/auth/login/').set('X-CSRFToken', other.token).send(SECOND_ADMIN).expect(200);
      // The next new publication takes the next id, not that of one deleted before the backup.
      const created = await agent.post('/api/publications/').set('X-CSRFToken', token).send({ title: 'After the Restore' }).expect(201);
      expect(created.body.id).toBe(4);
    } finally {
      await t.close();
    }
  });

  it('restores a backup made before the history (format version 1), whose records then start their history', async () => {
    const v2 = await tarEntries(download.body);
    const manifest = JSON.parse(v2[0].data.toString('utf8'));
    manifest.format_version = 1;
    delete manifest.tables.revisions;
    delete manifest.next_ids.revisions;
    for (const table of ['publications', 'poems']) manifest.tables[table].columns = manifest.tables[table].columns.filter((c: string) => c !== 'revision');
    // Page photos could not be turned then either.
    manifest.tables.scan_pages.columns = manifest.tables.scan_pages.columns.filter((c: string) => c !== 'rotation');
    const v1 = [
      { name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) },
      ...v2
        .slice(1)
        .filter((e) => !e.name.startsWith('data/revisions/'))
        .map((e) => (/^data\/(publications|poems)\//.test(e.name) ? { ...e, data: withoutColumn(e.data, 'revision') } : e))
        .map((e) => (e.name.startsWith('data/scan_pages/') ? { ...e, data: withoutColumn(e.data, 'rotation') } : e)),
    ];
    const place = await emptyPlace();
    const run = archiveCli(['import', writeTemp('v1.tar', await tarOf(v1))], place);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Restored 2 publications, 5 poems and 2 page photos');
    const t = await startOn(place);
    try {
      const { agent, token } = await staffAgent(t);
      const view = await viewOf(agent);
      const withoutHistory = (v: typeof view) =>
        v.publications.map(({ pub, poems, pages }) => ({
          pub: { ...pub, revision: undefined },
          poems: poems.map((p) => ({ ...p, revision: undefined })),
          pages: pages.map((p) => ({ ...p, rotation: undefined })),
        }));
      expect(withoutHistory(view)).toEqual(withoutHistory(sourceView));
      // Every page photo stands as uploaded (the source had one turned).
      expect(new Set(view.publications.flatMap((p) => p.pages.map((page) => page.rotation)))).toEqual(new Set([0]));
      // Each record's history starts with the version it was restored as; the next save adds to it.
      const poem = view.publications[0].poems[0] as { id: number; title: string };
      const history = (await agent.get(`/api/poems/${poem.id}/history`).expect(200)).body;
      expect(history.revisions.map((r: { action: string; snapshot: { title: string } }) => [r.action, r.snapshot.title])).toEqual([['original', poem.title]]);
      await agent.put(`/api/poems/${poem.id}/`).set('X-CSRFToken', token).send({ notes: 'Restored from an old backup.', base_revision: 0 }).expect(200);
      const after = (await agent.get(`/api/poems/${poem.id}/history`).expect(200)).body;
      expect(after.revisions.map((r: { action: string; username: string | null }) => [r.action, r.username])).toEqual([
        ['original', null],
        ['edit', 'curator'],
      ]);
    } finally {
      await t.close();
    }
  });

  it('restores a backup made before page photos could be turned (format version 2 without rotation): they stand as uploaded', async () => {
    const entries = await tarEntries(download.body);
    const manifest = JSON.parse(entries[0]!.data.toString('utf8'));
    manifest.tables.scan_pages.columns = manifest.tables.scan_pages.columns.filter((c: string) => c !== 'rotation');
    const older = [
      { name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) },
      ...entries.slice(1).map((e) => (e.name.startsWith('data/scan_pages/') ? { ...e, data: withoutColumn(e.data, 'rotation') } : e)),
    ];
    const place = await emptyPlace();
    const run = archiveCli(['import', writeTemp('unturned.tar', await tarOf(older))], place);
    expect(run.status, run.stderr).toBe(0);
    const t = await startOn(place);
    try {
      const { agent } = await staffAgent(t);
      const view = await viewOf(agent);
      const unturned = (v: typeof view) => ({ ...v, publications: v.publications.map((p) => ({ ...p, pages: p.pages.map((page) => ({ ...page, rotation: 0 })) })) });
      expect(sourceView.publications[0]!.pages.map((page) => page.rotation)).toContain(90);
      expect(view).toEqual(unturned(sourceView));
    } finally {
      await t.close();
    }
  });

  it('refuses to restore into an archive that is not empty, and changes nothing', () => {
    const file = writeTemp('backup.tar', download.body);
    const run = archiveCli(['import', file], source);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('The archive is not empty (it holds 2 publications, 5 poems, 2 page photos');
    expect(run.stderr).toContain('Nothing was restored.');
    expect(exportWithCli(source, { SITE_SETTINGS_FILE: siteSettings }).equals(download.body)).toBe(true);
  });

  it('refuses a damaged, cut-off or foreign file with a clear message, and the empty archive stays empty', async () => {
    const place = await emptyPlace();
    const refuse = (name: string, data: Buffer, message: string) => {
      const run = archiveCli(['import', writeTemp(name, data)], place);
      expect(run.status, `${name}: ${run.stdout}`).toBe(1);
      expect(run.stderr, name).toContain(message);
    };
    refuse('photo.jpg', readFileSync(join(source.dataDir, 'pages', storedFiles(join(source.dataDir, 'pages'))[0])), 'This file is not a poetry archive backup (it is not a tar file).');
    refuse('other.tar', await tarOf([{ name: 'README', data: Buffer.from('hello') }]), 'This file is not a poetry archive backup (it does not begin with archive.json).');

    const entries = await tarEntries(download.body);
    const withManifest = async (change: (m: Record<string, unknown>) => void) => {
      const manifest = JSON.parse(entries[0].data.toString('utf8'));
      change(manifest);
      return tarOf([{ name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) }, ...entries.slice(1)]);
    };
    refuse('future.tar', await withManifest((m) => (m.format_version = 99)), 'This backup is in format version 99, but this version of the archive reads only versions 1 and 2.');
    refuse('newer.tar', await withManifest((m) => (m.schema_version = 'SomethingNew1999999999999')), 'This backup was made by a newer version of the archive');
    // Cut inside the last page photo: the rows and the first photo were already restored, and go again.
    refuse('cut.tar', download.body.subarray(0, download.body.length - 2048), 'The backup file is damaged or incomplete: Unexpected end of data. Nothing was restored.');
    const tampered = entries.map((e) => (e.name.startsWith('data/poems/') ? { ...e, data: Buffer.from(e.data.toString('utf8').replace('Low Tide', 'Low Tide","extra":"x')) } : e));
    refuse('tampered.tar', await tarOf(tampered), 'The backup file is damaged or incomplete: data/poems/000001.ndjson line 1 does not have the columns of poems in format version 2.');

    expect(storedFiles(join(place.dataDir, 'pages'))).toEqual([]);
    expect(existsSync(join(place.dataDir, 'site-settings.json'))).toBe(false);
    const after = await manifestOf(exportWithCli(place));
    for (const table of ARCHIVE_TABLES.filter((t) => t.name !== 'users')) expect(after.tables[table.name].rows, table.name).toBe(0);
    expect(after.pages).toEqual({ files: 0, bytes: 0 });
  });

  it('refuses a hostile backup, naming what is wrong, and the empty archive stays empty', async () => {
    const place = await emptyPlace();
    const entries = await tarEntries(download.body);
    // A refusal is the importer's own, the same on either database. Where PostgreSQL is there it
    // meets every case; PGlite, whose every command-line start costs seconds, one of each kind (an
    // entry, a photo, a row, a version), each shown to leave nothing behind.
    const every = target === 'postgres' || !dbTargets().includes('postgres');
    const oneOfEach = new Set(['symlink.tar', 'flipped.tar', 'bell.tar', 'blank-version.tar']);
    const refuse = async (name: string, data: Buffer, message: string | RegExp, env: Record<string, string> = {}) => {
      if (!every && !oneOfEach.has(name)) return;
      const run = archiveCli(['import', writeTemp(name, data)], place, env);
      expect(run.status, `${name}: ${run.stdout}${run.stderr}`).toBe(1);
      expect(run.stderr, name).toMatch(typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message);
      expect(run.stderr, name).toContain('Nothing was restored.');
    };
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
    for (const [type, linkname] of [['symlink', '/etc/passwd'], ['link', '../../etc/passwd']] as const) {
      const pack = tarPack();
      for (const e of entries) {
        if (e.name === photo.name) pack.entry({ name: e.name, type, linkname });
        else pack.entry({ name: e.name }, e.data);
      }
      pack.finalize();
      const chunks: Buffer[] = [];
      for await (const chunk of pack) chunks.push(chunk as Buffer);
      await refuse(`${type}.tar`, Buffer.concat(chunks), `its entry ${photo.name} is not a regular file (${type})`);
    }
    // A version that Restore would bring back must hold what the archive would store.
    await refuse('blank-version.tar', await tarOf(withRow('revisions', (r) => ((r.snapshot as { title: string }).title = ' '))), /data\/revisions\/000001\.ndjson line 1 \(revisions 1\): snapshot\.title must show a visible character/);
    await refuse('foreign-version.tar', await tarOf(withRow('revisions', (r) => (r.publication_id = 999))), 'publication_id names publications 999, which the backup does not hold');
    await refuse('size-0.tar', await tarOf(withRow('scan_pages', (r) => (r.byte_size = 0))), /data\/scan_pages\/000001\.ndjson line 1 \(scan_pages \d+\): byte_size must be from 1 to 20971520 bytes/);

    // One byte of a photo flipped: its checksum no longer matches.
    const flipped = Buffer.from(photo.data);
    flipped[flipped.length >> 1] ^= 0xff;
    await refuse('flipped.tar', await tarOf(withPhoto(entries, flipped)), `the page photo ${photoKey} is not the one it was backed up as (its checksum differs)`);

    // A "photo" that is a page or a picture of script: refused even with its row made to match it.
    for (const [what, data] of [
      ['html', Buffer.from('<!doctype html><script src="/api/scan_pages/2/image/"></script>')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/publications/")</script></svg>')],
    ] as const) {
      const rows = withRow('scan_pages', (r) => Object.assign(r, { byte_size: data.length, sha256: sha256(data) }));
      const manifest = JSON.parse(rows[0]!.data.toString('utf8'));
      manifest.pages.bytes += data.length - photo.data.length;
      const list = [{ name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) }, ...withPhoto(rows, data).slice(1)];
      await refuse(`${what}.tar`, await tarOf(list), `the page photo ${photoKey} is not a JPEG, PNG or WebP photo, where its page lists image/jpeg`);
    }

    if (every) {
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
      await refuse('bomb.tar.gz', bombFile, 'data/publications/000001.ndjson holds an empty line', { NODE_OPTIONS: '--max-old-space-size=128' });
    }

    // A photo claiming a gigabyte: in its row, and in its tar header (the file itself is small).
    await refuse('gigabyte-row.tar', await tarOf(withRow('scan_pages', (r) => (r.byte_size = 1024 ** 3))), 'byte_size must be from 1 to 20971520 bytes');
    const claimed = await tarOf(entries);
    const header = claimed.indexOf(Buffer.from(photo.name));
    Buffer.from('10000000000\0').copy(claimed, header + 124); // 1 GiB in octal
    claimed.fill(0x20, header + 148, header + 156);
    let sum = 0;
    for (let i = header; i < header + 512; i++) sum += claimed[i]!;
    Buffer.from(`${sum.toString(8).padStart(6, '0')}\0 `).copy(claimed, header + 148);
    await refuse('gigabyte-header.tar', claimed.subarray(0, header + 512 + 4096), `the page photo ${photoKey} is 1073741824 bytes, not the ${photo.data.length} its page lists`);

    // Rows the API would refuse, named by entry, line, record and field.
    const rowCases: Array<[string, string, (r: Record<string, unknown>) => void, RegExp]> = [
      ['bell', 'publications', (r) => (r.title = 'Songs\u0007'), /data\/publications\/000001\.ndjson line 1 \(publications \d+\): title must not contain control characters or bidirectional overrides/],
      ['bidi', 'publications', (r) => (r.authors = ['\u202Ehsram ada']), /\(publications \d+\): authors\[0\] must not contain control characters or bidirectional overrides/],
      ['invisible', 'poems', (r) => (r.title = '\u200B\u2060'), /data\/poems\/000001\.ndjson line 1 \(poems \d+\): title must show a visible character/],
      ['no-date', 'publications', (r) => (r.created_at = 'yesterday'), /\(publications \d+\): created_at must be a time/],
      ['no-day', 'poems', (r) => (r.updated_at = '2024-02-30T10:00:00+00:00'), /\(poems \d+\): updated_at must be a time/],
      ['counts', 'poems', (r) => (r.line_count = 99), /\(poems \d+\): line_count must be the count of its body's lines/],
      ['orphan', 'poems', (r) => (r.publication_id = 9999), /\(poems \d+\): publication_id names publications 9999, which the backup does not hold/],
      ['path', 'scan_pages', (r) => (r.storage_key = '../../etc/cron.d/x'), /\(scan_pages \d+\): storage_key must be publications\/\d+\/scan-/],
      ['turn', 'scan_pages', (r) => (r.rotation = 45), /\(scan_pages \d+\): rotation must be 0, 90, 180 or 270/],
      ['status', 'publications', (r) => (r.status = 'secret'), /\(publications \d+\): status must be one of "draft", "published"/],
      ['hash', 'users', (r) => (r.password_hash = 'plain text'), /\(users \d+\): password_hash must be an argon2 password hash/],
    ];
    for (const [name, table, change, message] of rowCases) await refuse(`${name}.tar`, await tarOf(withRow(table, change)), message);
    // Next ids below the ids the rows hold: the archive would hand one out twice.
    const manifest = JSON.parse(entries[0]!.data.toString('utf8'));
    manifest.next_ids.poems = 2;
    await refuse('next-ids.tar', await tarOf([{ name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) }, ...entries.slice(1)]), /its manifest's next id of poems \(2\) is not above the highest id its rows hold \(\d+\)/);

    expect(storedFiles(join(place.dataDir, 'pages'))).toEqual([]);
    const after = await manifestOf(exportWithCli(place));
    for (const table of ARCHIVE_TABLES.filter((t) => t.name !== 'users')) expect(after.tables[table.name].rows, table.name).toBe(0);
    // The untouched backup still restores there: none of the refusals left anything behind.
    const run = archiveCli(['import', writeTemp('backup.tar', download.body)], place);
    expect(run.status, run.stderr).toBe(0);
  });

  it('serves a stored photo only as the image type its bytes are: a file swapped for a page is not served', async () => {
    const place = await emptyPlace();
    expect(archiveCli(['import', writeTemp('backup.tar', download.body)], place).status).toBe(0);
    const pagesDir = join(place.dataDir, 'pages');
    const t = await startOn(place);
    try {
      const { agent } = await staffAgent(t);
      const view = await viewOf(agent);
      const url = view.publications[0]!.pages[0]!.url as string;
      const jpeg = await agent.get(url).buffer(true).expect(200);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      // Every photo swapped for a page in the page store, behind the archive's back.
      for (const file of storedFiles(pagesDir)) writeFileSync(join(pagesDir, file), '<!doctype html><script>alert(1)</script>');
      const html = await agent.get(url);
      expect(html.status).toBe(404);
      expect(html.headers['content-type']).toMatch(/application\/json/);
    } finally {
      await t.close();
    }
  });

  if (target === 'pglite' && process.env.DATABASE_URL) {
    it('restores a backup of the embedded database into PostgreSQL, exporting again byte for byte', async () => {
      const db = await createScratchDatabase();
      scratch.push(db.drop);
      const place = { dataDir: mkdtempSync(join(tmpdir(), 'archive-cross-')), databaseUrl: db.url };
      const run = archiveCli(['import', writeTemp('backup.tar', download.body)], place);
      expect(run.status, run.stderr).toBe(0);
      expect(exportWithCli(place, { SITE_SETTINGS_FILE: join(place.dataDir, 'site-settings.json') }).equals(download.body)).toBe(true);
    });
  }
});
