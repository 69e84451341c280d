/**
 * What the backup suites share: the archive they back up (built once per file through the real
 * upload path), the command line run as a process, and a restore run in this process, answering
 * exactly as the command line would (its exit status and printed lines) for a fraction of the
 * cost: a command line opens the configuration, the database and the page store anew each time.
 */
import { spawnSync } from 'node:child_process';
import { CLI_LIMITS } from './cli-limits.js';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { pack as tarPack, extract as tarExtract } from 'tar-stream';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, expect } from 'vitest';
import { writeSiteSettings } from '../../reader/test-support/site-app.js';
import type { PublicationHistory } from '../../contracts/history.js';
import type { Poem } from '../../contracts/catalog.js';
import { ARCHIVE_TABLES } from '../../src/archive/domain/archive-format.js';
import { hashPassword } from '../../src/auth/infrastructure/password-hasher.js';
import { UsersRepository } from '../../src/auth/infrastructure/users.repository.js';
import { describeRestore, failureLines, openArchive } from '../../src/cli/archive-commands.js';
import { loadConfig } from '../../src/config/app-config.js';
import { completion, startOpenAiStub, type OpenAiStub } from './openai-stub.js';
import { createScratchDatabase } from './worker-process/scan-helpers.js';
import { csrfAgent, downloadBackup, staffAgent, startTestApp, type DbTarget, type TestAgent, type TestApp } from './test-app.js';

export const CLI = 'dist/server/cli/archive.js';
export const SECOND_ADMIN = { username: 'archivist', password: 'an elegy kept twice' };

/** Where an archive lives: its data folder (embedded database and page photos) and, on PostgreSQL, its database. */
export interface Place {
  dataDir: string;
  databaseUrl?: string;
}

/** How a command ended: its exit status and what it printed. */
export interface CommandRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a command line on a place sees: this process's, without the test run's own database, Redis and site settings. */
function placeEnv(place: Place, env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, SITE_SETTINGS_FILE: _site, ...base } = process.env;
  return { ...base, DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}), ...env };
}

export function archiveCli(args: string[], place: Place, env: Record<string, string> = {}): CommandRun {
  return spawnSync(process.execPath, [CLI, ...args], { env: placeEnv(place, env), encoding: 'utf8', input: '', ...CLI_LIMITS });
}

/** Exports an archive with the CLI and answers the file's bytes. */
export function exportWithCli(place: Place, env: Record<string, string> = {}): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'archive-export-')), 'backup.tar');
  const run = archiveCli(['export', file], place, env);
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(file);
}

/** The archive of a place opened in this process, as the command line opens it, with restore answering as `import` would. */
export interface InProcessArchive {
  /** What `archive import FILE` would answer. */
  restore(file: string): Promise<CommandRun>;
  /** The bytes `archive export FILE` would write. */
  exportBytes(): Promise<Buffer>;
  /** Lets go of the database: PGlite takes one process at a time, and a command line may come next. */
  close(): Promise<void>;
}

export async function openInProcess(place: Place, env: Record<string, string> = {}): Promise<InProcessArchive> {
  // The configuration the command line would load, read from an env of its own: nothing leaks into process.env.
  const config = loadConfig(placeEnv(place, env));
  const archive = await openArchive(config);
  return {
    async restore(file) {
      try {
        const summary = await archive.importer().restoreFile(file);
        return { status: 0, stdout: lines(describeRestore(file, summary, config.siteSettingsFile)), stderr: '' };
      } catch (err) {
        return { status: 1, stdout: '', stderr: lines(failureLines('import', err as Error)) };
      }
    },
    async exportBytes() {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      await (await archive.exporter().open()).writeTo(out);
      return Buffer.concat(chunks);
    },
    close: () => archive.close(),
  };
}

/** Runs `work` on the archive of a place opened in this process, closed again whatever happens. */
export async function inProcess<T>(
  place: Place,
  work: (archive: InProcessArchive) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const archive = await openInProcess(place, env);
  try {
    return await work(archive);
  } finally {
    await archive.close();
  }
}

/** What `archive import FILE` would answer, restoring in this process. */
export const restoreInProcess = (place: Place, file: string) => inProcess(place, (archive) => archive.restore(file));

const lines = (list: string[]) => list.map((line) => `${line}\n`).join('');

export function writeTemp(name: string, data: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'archive-file-')), name);
  writeFileSync(file, data);
  return file;
}

export type TarEntry = { name: string; data: Buffer; pax?: Record<string, string> };

/** The entries of a tar file: name, bytes and extended header, in order. */
export async function tarEntries(data: Buffer): Promise<TarEntry[]> {
  const extract = tarExtract();
  const entries: TarEntry[] = [];
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.push({ name: entry.header.name, data: Buffer.concat(chunks), pax: entry.header.pax as Record<string, string> | undefined });
    }
  })();
  extract.end(data);
  await reading;
  return entries;
}

export async function tarOf(entries: TarEntry[]): Promise<Buffer> {
  const pack = tarPack();
  for (const e of entries) pack.entry({ name: e.name }, e.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const manifestOf = async (file: Buffer) => JSON.parse((await tarEntries(file))[0].data.toString('utf8'));

/** Page photos under a data folder's page store. */
export function storedFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
}

/** Rows of a backup entry without one of their columns (as a backup made before that column). */
export function withoutColumn(data: Buffer, column: string): Buffer {
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
export async function viewOf(agent: TestAgent) {
  const active = (await agent.get('/api/publications/?admin=true&sort=["created_at","ASC"]').expect(200)).body as Array<{
    id: number;
    slug: string;
  }>;
  const trash = (await agent.get('/api/publications/trash/').expect(200)).body.results as Array<{ id: number }>;
  const publications = [];
  for (const pub of [...active, ...trash]) {
    const poems = (await agent.get(`/api/publications/${pub.id}/poems/?admin=true`).expect(200)).body as Poem[];
    // The history: every version of the book and of each poem, a deleted poem's too, with who and when.
    const history = (await agent.get(`/api/publications/${pub.id}/history`).expect(200)).body as PublicationHistory;
    const poemHistories = [];
    for (const poem of [...poems, ...history.deleted_poems])
      poemHistories.push((await agent.get(`/api/poems/${poem.id}/history`).expect(200)).body);
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

export type ArchiveView = Awaited<ReturnType<typeof viewOf>>;

/** The archive a suite backs up, and what it saw of it; filled in by the suite's beforeAll. */
export interface SourceArchive {
  source: Place;
  siteSettings: string;
  download: { status: number; headers: Record<string, string>; body: Buffer };
  anonymous: { status: number; type: string; body: { message?: string } };
  columns: Record<string, string[]>;
  sourceView: ArchiveView;
  /** A new, empty place to restore into (a data folder, and a database of its own on PostgreSQL, the suite's target unless `on` says). */
  emptyPlace(on?: DbTarget): Promise<Place>;
  /** The application on a place, with the suite's page reader and site settings. */
  startOn(place: Place): Promise<TestApp>;
}

/**
 * Registers, in the calling describe block, the beforeAll that builds the archive to back up on
 * a target (two books, scanned, typed, reordered, turned, corrected, deleted; two admins) and
 * downloads its backup, and the afterAll that drops the databases made for it and its restores.
 */
export function sourceArchive(target: DbTarget): SourceArchive {
  let stub: OpenAiStub;
  let answer: { page_number: number; poems: Array<{ title: string; body: string }> };
  const scratch: Array<() => Promise<void>> = [];
  const suite = {
    siteSettings: writeSiteSettings({ siteName: 'The Harbour Archive' }),
    async emptyPlace(on: DbTarget = target): Promise<Place> {
      const dataDir = mkdtempSync(join(tmpdir(), 'archive-restore-'));
      if (on === 'pglite') return { dataDir };
      const db = await createScratchDatabase();
      scratch.push(db.drop);
      return { dataDir, databaseUrl: db.url };
    },
    startOn(place: Place): Promise<TestApp> {
      return startTestApp(target, {
        env: {
          DATA_DIR: place.dataDir,
          DATABASE_URL: place.databaseUrl,
          OPENAI_API_KEY: 'sk-test',
          OPENAI_BASE_URL: stub.baseUrl,
          SITE_SETTINGS_FILE: suite.siteSettings,
        },
        persistent: true,
        reset: false,
      });
    },
  } as SourceArchive;

  beforeAll(async () => {
    expect(existsSync(CLI), 'run npm run build first').toBe(true);
    stub = await startOpenAiStub(() => ({ status: 200, body: completion({ begins_mid_poem: false, ends_short: false, ...answer }) }));
    const db = target === 'postgres' ? await createScratchDatabase() : undefined;
    if (db) scratch.push(db.drop);
    suite.source = { dataDir: mkdtempSync(join(tmpdir(), 'archive-source-')), databaseUrl: db?.url };
    const t = await suite.startOn(suite.source);
    try {
      const { agent } = await staffAgent(t);
      await t.app.get(UsersRepository).upsert(SECOND_ADMIN.username, await hashPassword(SECOND_ADMIN.password));

      const create = async (title: string, language?: string) =>
        Number(
          (
            await agent
              .post('/api/publications/')
              .send({ title, authors: ['Ada Marsh'], publisher: 'Gull Press', publication_date: '1979', language })
              .expect(201)
          ).body.id,
        );
      const scan = async (id: number, width: number, page: typeof answer) => {
        answer = page;
        const photo = await sharp({ create: { width, height: 900, channels: 3, background: '#f4f1ea' } })
          .jpeg()
          .toBuffer();
        const res = await agent.post(`/api/publications/${id}/batch_upload_pages/`).attach('page_0', photo, 'page.jpg');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      };

      const harbour = await create('Songs of the Harbour', 'de');
      await scan(harbour, 601, {
        page_number: 7,
        poems: [
          { title: 'Low Tide', body: 'The boats lie down\n  on their sides\n\nand wait.' },
          { title: 'Gulls', body: 'white\nwhite\nwhite' },
        ],
      });
      await scan(harbour, 602, { page_number: 8, poems: [{ title: 'Lighthouse', body: 'One eye, all night,\nfor strangers.' }] });
      const typed = (
        await agent
          .post(`/api/publications/${harbour}/poems/`)
          // A poem in another language than its book (a French elegy in the German book).
          .send({ title: 'Élégie — für Ada', body: 'Tränen\n\tund Salz “quoted”', notes: 'Found in a letter, 1981.', language: 'fr' })
          .expect(201)
      ).body;
      const poems = (await agent.get(`/api/publications/${harbour}/poems/?admin=true`).expect(200)).body as Array<{ id: number }>;
      await agent
        .post(`/api/publications/${harbour}/reorder_poems/`)
        .send({
          poem_ids: [
            typed.id,
            ...poems
              .filter((p) => p.id !== typed.id)
              .map((p) => p.id)
              .reverse(),
          ],
        })
        .expect(200);
      await agent.post(`/api/publications/${harbour}/publish/`).expect(200);
      // The second page was photographed sideways and turned upright.
      const turnedPoem = (await agent.get(`/api/publications/${harbour}/poems/?admin=true`).expect(200)).body.find(
        (p: { title: string }) => p.title === 'Lighthouse',
      );
      const [turnedPage] = (await agent.get(`/api/poems/${turnedPoem.id}/pages/`).expect(200)).body as Array<{ id: number }>;
      await agent.put(`/api/scan_pages/${turnedPage!.id}/rotation/`).send({ rotation: 90 }).expect(200);
      // History: a scanned poem corrected by the second curator, and a typed poem deleted again.
      const second = await csrfAgent(t);
      await second.agent.post('/api/auth/login/').send(SECOND_ADMIN).expect(200);
      const lighthouse = (await agent.get(`/api/publications/${harbour}/poems/?admin=true`).expect(200)).body.find(
        (p: { title: string }) => p.title === 'Lighthouse',
      );
      await second.agent
        .put(`/api/poems/${lighthouse.id}/`)
        .send({ body: 'One eye, all night,\nfor strangers at sea.', base_revision: 0 })
        .expect(200);
      const struck = (
        await agent.post(`/api/publications/${harbour}/poems/`).send({ title: 'Struck Out', body: 'a line she crossed out' }).expect(201)
      ).body;
      await agent.delete(`/api/poems/${struck.id}/`).expect(200);

      const drafts = await create('Unfinished Drafts');
      await agent.post(`/api/publications/${drafts}/poems/`).send({ title: 'Draft', body: 'not yet' }).expect(201);
      await agent.delete(`/api/publications/${drafts}/`).expect(200);
      // Deleted forever: its id must not be handed out again after a restore.
      const gone = await create('Deleted Forever');
      await agent.delete(`/api/publications/${gone}/`).expect(200);
      await agent.delete(`/api/publications/${gone}/permanent_delete/`).expect(200);

      suite.sourceView = await viewOf(agent);
      const res = await downloadBackup(agent);
      suite.download = { status: res.status, headers: res.headers as Record<string, string>, body: res.body as Buffer };
      const anon = await t.http().get('/api/archive/backup/');
      suite.anonymous = { status: anon.status, type: anon.type, body: anon.body };
      const dataSource = t.app.get(DataSource);
      suite.columns = {};
      for (const table of ARCHIVE_TABLES) {
        const rows: Array<{ column_name: string }> = await dataSource.query(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [table.name],
        );
        suite.columns[table.name] = rows.map((r) => r.column_name);
      }
    } finally {
      await t.close();
    }
  });

  afterAll(async () => {
    await stub?.close();
    for (const drop of scratch) await drop().catch(() => undefined);
  });

  return suite;
}
