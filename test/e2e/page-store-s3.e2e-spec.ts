/**
 * The whole archive with its page photos in an S3 bucket, on a real S3-compatible server started
 * by the test (test/support/s3-server.ts): a scan's photos go to the bucket and are served from it,
 * a publication deleted for good takes its photos along, a bucket that cannot be reached answers
 * 503 and the photos come back with it, and an archive moves from files to S3 and back through a
 * backup, each backup byte for byte the first (`npm run archive` on the bucket's side; on the
 * files' side the command's own export and restore run in this process, as the backup suites run
 * them, which spares a command line's start each time); and an API and a BullMQ worker
 * process with data folders of their own share only PostgreSQL, Redis and the bucket. Pages are
 * read by the OpenAI adapter from a stub.
 */
import { spawnSync } from 'node:child_process';
import { CLI_LIMITS } from '../support/cli-limits.js';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { inProcess } from '../support/archive-backup.js';
import {
  createScratchDatabase,
  dropQueueKeys,
  REDIS_URL,
  requireRedis,
  startWorker,
  type WorkerProcess,
} from '../support/worker-process/scan-helpers.js';
import { binary, scenarioTarget, staffAgent, startTestApp, type DbTarget, type TestAgent, type TestApp } from '../support/test-app.js';

const CLI = 'dist/server/cli/archive.js';
const POEMS = [
  ['Low Tide', 'The boats lie down\n  on their sides\n\nand wait.'],
  ['Lighthouse', 'One eye, all night,\nfor strangers.'],
  ['Gulls', 'white\nwhite\nwhite'],
  ['Net Mending', 'My grandmother knotted\nthe sea back together\nevery winter evening.'],
  ['Fog Bell', 'Somewhere a bronze mouth\nsays no, no, no\nto the rocks.'],
];

/** Where an archive lives: its data folder, its database on PostgreSQL, and its bucket when it has one. */
interface Place {
  dataDir: string;
  databaseUrl?: string;
  s3?: Record<string, string>;
}

function archiveCli(args: string[], place: Place) {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|REDIS_URL|SITE_SETTINGS_FILE|S3_.*|PAGE_STORE_DIR)$/.test(name)),
  );
  const env = { ...base, DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}), ...place.s3 };
  return spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8', input: '', ...CLI_LIMITS });
}

function exportWithCli(place: Place): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'page-store-export-')), 'backup.tar');
  const run = archiveCli(['export', file], place);
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(file);
}

/** Page photos kept as files under a data folder, as keys. */
function storedFiles(dataDir: string): string[] {
  const dir = join(dataDir, 'pages');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

const photo = (width: number) =>
  sharp({ create: { width, height: 900, channels: 3, background: '#f4f1ea' } })
    .jpeg()
    .toBuffer();

const bytesOf = (agent: TestAgent, url: string) => agent.get(url).buffer(true).parse(binary);

/** Every page photo of a publication's poems, as a curator sees them, in reading order. */
async function photosOf(agent: TestAgent, publicationId: number): Promise<Buffer[]> {
  const poems = (await agent.get(`/api/publications/${publicationId}/poems/?admin=true`).expect(200)).body as Array<{ id: number }>;
  const photos: Buffer[] = [];
  for (const poem of poems) {
    for (const page of (await agent.get(`/api/poems/${poem.id}/pages/`).expect(200)).body as Array<{ url: string }>) {
      const res = await bytesOf(agent, page.url);
      expect(res.status, page.url).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      photos.push(res.body as Buffer);
    }
  }
  return photos;
}

describe.each(scenarioTarget())('page photos in an S3 bucket on %s', (target: DbTarget) => {
  let s3: S3TestServer;
  let stub: OpenAiStub;
  let pageNo = 0;
  const scratch: Array<() => Promise<void>> = [];

  async function emptyPlace(s3Env?: Record<string, string>): Promise<Place> {
    const dataDir = mkdtempSync(join(tmpdir(), 'page-store-archive-'));
    if (target === 'pglite') return { dataDir, s3: s3Env };
    const db = await createScratchDatabase();
    scratch.push(db.drop);
    return { dataDir, databaseUrl: db.url, s3: s3Env };
  }

  const startOn = (place: Place): Promise<TestApp> =>
    startTestApp(target, {
      env: {
        DATA_DIR: place.dataDir,
        DATABASE_URL: place.databaseUrl,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: stub.baseUrl,
        ...place.s3,
      },
      persistent: true,
      reset: false,
    });

  async function create(agent: TestAgent, token: string, title: string): Promise<number> {
    return Number(
      (
        await agent
          .post('/api/publications/')
          .send({ title, authors: ['Ada Marsh'] })
          .expect(201)
      ).body.id,
    );
  }

  const scan = (agent: TestAgent, token: string, id: number, [page]: [Buffer]) =>
    agent.post(`/api/publications/${id}/batch_upload_pages/`).attach('page_0', page, 'page.jpg');

  beforeAll(async () => {
    expect(existsSync(CLI), 'run npm run build first').toBe(true);
    s3 = await startS3Server();
    // Each page read gives a poem of its own (texts unlike each other, so none is taken for a duplicate).
    stub = await startOpenAiStub(() => {
      const [title, body] = POEMS[pageNo++ % POEMS.length];
      return {
        status: 200,
        body: completion({ begins_mid_poem: false, ends_short: false, page_number: pageNo, poems: [{ title, body }] }),
      };
    });
  });

  afterAll(async () => {
    await stub?.close();
    await s3?.close();
    for (const drop of scratch) await drop().catch(() => undefined);
  });

  it("keeps a scan's photos in the bucket, serves them from it, and a publication deleted for good takes its photos along", async () => {
    const bucket = await s3.createBucket(`scans-${target}`);
    const place = await emptyPlace(s3.env(bucket));
    const t = await startOn(place);
    try {
      const { agent, token } = await staffAgent(t);
      const kept = await create(agent, token, 'Songs of the Harbour');
      const gone = await create(agent, token, 'Deleted Forever');
      const keptPhotos = [await photo(601), await photo(602)];
      const goneFile = await photo(603);
      for (const [id, page] of [
        [kept, keptPhotos[0]],
        [kept, keptPhotos[1]],
        [gone, goneFile],
      ] as const) {
        const res = await scan(agent, token, id, [page]);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }

      // Each photo with its reading copy (the page the upload normalised, which the scan read).
      const keys = await s3.keys(bucket);
      expect(keys).toHaveLength(6);
      const keptKeys = keys.filter((k) => k.startsWith(`publications/${kept}/`));
      const keptPhotoKeys = keptKeys.filter((k) => !k.endsWith('.reading.jpg'));
      expect(keptPhotoKeys).toEqual([
        expect.stringMatching(new RegExp(`^publications/${kept}/scan-${kept}-[0-9a-f]+/page-0\\.jpg$`)),
        expect.stringMatching(/\/page-0\.jpg$/),
      ]);
      expect(keptKeys).toEqual(keptPhotoKeys.flatMap((k) => [k, k.replace(/\.jpg$/, '.reading.jpg')]));
      const inBucket = await Promise.all(keptPhotoKeys.map((key) => s3.object(bucket, key)));
      expect(inBucket.map((b) => b.equals(keptPhotos[0]) || b.equals(keptPhotos[1]))).toEqual([true, true]);
      expect(inBucket[0].equals(inBucket[1])).toBe(false);
      // Nothing went to the data folder: the bucket is the only store.
      expect(storedFiles(place.dataDir)).toEqual([]);

      const served = await photosOf(agent, kept);
      expect(served).toHaveLength(2);
      expect(served.map((b) => b.equals(keptPhotos[0]) || b.equals(keptPhotos[1]))).toEqual([true, true]);

      await agent.delete(`/api/publications/${gone}/`).expect(200);
      // In the trash its photos stay: it can still be restored.
      expect(await s3.keys(bucket)).toHaveLength(6);
      await agent.delete(`/api/publications/${gone}/permanent_delete/`).expect(200);
      await expect.poll(() => s3.keys(bucket)).toEqual(keptKeys);
      expect(await photosOf(agent, kept)).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('answers 503 with Retry-After while the bucket cannot be reached, keeps nothing half-made, and serves the photos again when it is back', async () => {
    const bucket = await s3.createBucket(`outage-${target}`);
    const proxy = await startTcpProxy(Number(new URL(s3.endpoint).port));
    const place = await emptyPlace({ ...s3.env(bucket), S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` });
    const t = await startOn(place);
    try {
      const { agent, token } = await staffAgent(t);
      const id = await create(agent, token, 'Weather Book');
      const first = await photo(611);
      expect((await scan(agent, token, id, [first])).status).toBe(200);
      const [page] = (
        await agent
          .get(`/api/poems/${((await agent.get(`/api/publications/${id}/poems/?admin=true`)).body as Array<{ id: number }>)[0].id}/pages/`)
          .expect(200)
      ).body as Array<{ url: string }>;

      expect((await t.http().get('/api/health/').expect(200)).body).toMatchObject({ status: 'ok', page_store: { kind: 's3', ok: true } });
      await proxy.cut();
      // The health check names the outage, and the rest of the archive still answers.
      const health = (await t.http().get('/api/health/').expect(200)).body;
      expect(health).toMatchObject({ status: 'degraded', database: true, page_store: { kind: 's3', ok: false } });
      expect(health.page_store.detail).toEqual(expect.any(String));
      const down = await agent.get(page.url);
      expect(down.status).toBe(503);
      expect(down.headers['retry-after']).toBe('15');
      expect(down.body).toMatchObject({
        code: 'SCAN.PAGE_STORE_UNAVAILABLE',
        message:
          'The archive cannot reach the storage of its files (page photos, portrait, recordings) right now. Nothing has been lost; please try again in a moment.',
      });
      const upload = await scan(agent, token, id, [await photo(612)]);
      expect(upload.status).toBe(503);
      expect(upload.body.code).toBe('SCAN.PAGE_STORE_UNAVAILABLE');

      await proxy.restore();
      expect((await bytesOf(agent, page.url)).body.equals(first)).toBe(true);
      // The refused upload left no page, poem nor photo behind: the first photo and its reading copy.
      expect((await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body).toHaveLength(1);
      expect(await s3.keys(bucket)).toHaveLength(2);
    } finally {
      await t.close();
      await proxy.close();
    }
  });

  it('moves an archive from files to S3 and back through a backup, each backup byte for byte the first', async () => {
    // An archive on files, with two scanned pages.
    const onFiles = await emptyPlace();
    const photos = [await photo(621), await photo(622)];
    let t = await startOn(onFiles);
    let id: number;
    try {
      const { agent, token } = await staffAgent(t);
      id = await create(agent, token, 'The Moving Book');
      for (const p of photos) expect((await scan(agent, token, id, [p])).status).toBe(200);
    } finally {
      await t.close();
    }
    // A backup carries the photos, not their reading copies (a restored page is read from its photo).
    const keys = storedFiles(onFiles.dataDir).filter((k) => !k.endsWith('.reading.jpg'));
    expect(keys).toHaveLength(2);
    expect(storedFiles(onFiles.dataDir)).toHaveLength(4);
    const fromFiles = await inProcess(onFiles, (archive) => archive.exportBytes());

    /** A new archive, started once (its first admin made), then restored from the backup by `restore`, answering as `archive import` does. */
    const restoreInto = async (
      place: Place,
      backup: Buffer,
      restore: (file: string) => Promise<{ status: number | null; stdout: string; stderr: string }>,
    ) => {
      await (await startOn(place)).close();
      const file = join(mkdtempSync(join(tmpdir(), 'page-store-backup-')), 'backup.tar');
      writeFileSync(file, backup);
      const run = await restore(file);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('Restored 1 publications, 2 poems and 2 page photos');
    };

    // Files to S3: the photos land in the bucket under the same keys, and the backup is the same.
    const bucket = await s3.createBucket(`moved-${target}`);
    const onS3 = await emptyPlace(s3.env(bucket));
    await restoreInto(onS3, fromFiles, async (file) => archiveCli(['import', file], onS3));
    expect(await s3.keys(bucket)).toEqual(keys);
    expect(storedFiles(onS3.dataDir)).toEqual([]);
    const fromS3 = exportWithCli(onS3);
    expect(fromS3.equals(fromFiles)).toBe(true);
    t = await startOn(onS3);
    try {
      const served = await photosOf((await staffAgent(t)).agent, id);
      expect(served.map((b) => b.equals(photos[0]) || b.equals(photos[1]))).toEqual([true, true]);
    } finally {
      await t.close();
    }

    // And S3 back to files.
    const backOnFiles = await emptyPlace();
    await restoreInto(backOnFiles, fromS3, (file) => inProcess(backOnFiles, (archive) => archive.restore(file)));
    expect(storedFiles(backOnFiles.dataDir)).toEqual(keys);
    expect((await inProcess(backOnFiles, (archive) => archive.exportBytes())).equals(fromFiles)).toBe(true);
  });
});

describe('an API and a scan worker that share nothing but PostgreSQL, Redis and the bucket', () => {
  let s3: S3TestServer;
  let stub: OpenAiStub;
  let db: { url: string; drop: () => Promise<void> };
  let worker: WorkerProcess | undefined;
  let t: TestApp | undefined;
  const queuePrefix = `test-s3-${process.pid}-${Date.now().toString(36)}`;

  beforeAll(async () => {
    await requireRedis();
    s3 = await startS3Server();
    const [title, body] = POEMS[3];
    stub = await startOpenAiStub(() => ({
      status: 200,
      body: completion({ begins_mid_poem: false, ends_short: false, page_number: 12, poems: [{ title, body }] }),
    }));
    db = await createScratchDatabase();
  });

  afterAll(async () => {
    await worker?.kill('SIGKILL');
    await t?.close();
    await stub?.close();
    await s3?.close();
    await db?.drop();
    await dropQueueKeys(queuePrefix);
  });

  it("has the worker read the API's upload from the bucket, neither writing a photo to its own disk", async () => {
    const bucket = await s3.createBucket('shared-by-machines');
    const shared = {
      DATABASE_URL: db.url,
      REDIS_URL,
      SCAN_QUEUE_PREFIX: queuePrefix,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseUrl,
      ...s3.env(bucket),
    };
    // Two machines: each its own data folder.
    const apiDir = mkdtempSync(join(tmpdir(), 'api-machine-'));
    const workerDir = mkdtempSync(join(tmpdir(), 'worker-machine-'));
    t = await startTestApp('postgres', { env: { ...shared, DATA_DIR: apiDir } });
    worker = startWorker({ ...shared, DATA_DIR: workerDir });
    await worker.waitFor(/Scan worker ready/, 90_000);
    expect(worker.output()).toContain(`Files (page photos, the portrait, recordings) are kept as S3 bucket "${bucket}" at ${s3.endpoint}`);

    const { agent } = await staffAgent(t);
    const id = Number((await agent.post('/api/publications/').send({ title: 'Two Machines' }).expect(201)).body.id);
    const page = await photo(631);
    const res = await agent.post(`/api/publications/${id}/batch_upload_pages/`).attach('page_0', page, 'page.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    // The worker found the photo in the bucket and read its poem from it.
    const poems = (await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body as Array<{ title: string }>;
    expect(poems.map((p) => p.title)).toEqual([POEMS[3][0]]);
    const [key, copyKey] = await s3.keys(bucket);
    expect(copyKey).toBe(key.replace(/\.jpg$/, '.reading.jpg'));
    expect((await s3.object(bucket, key)).equals(page)).toBe(true);
    expect(storedFiles(apiDir)).toEqual([]);
    expect(storedFiles(workerDir)).toEqual([]);
    expect((await photosOf(agent, id))[0].equals(page)).toBe(true);

    // The worker reads the page the API kept beside the photo, not the photo: with the photo
    // spoiled behind the archive's back, Reprocess still reads the page (its poem already there).
    await s3.putObject(bucket, key, Buffer.from('no longer a photo'));
    const again = await agent.post(`/api/publications/${id}/reprocess/`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ extracted_poems: 0, duplicates_ignored: 1 });
  });
});
