/**
 * Scan jobs without Redis survive the death of the server. A real server process (src/main.ts) is
 * killed with SIGKILL while it scans, and started again on the same data: the job's status is
 * still there, the job resumes by itself and finishes with the poems, and nothing is stored or
 * added twice. On the embedded database (the same DATA_DIR) and on PostgreSQL without Redis.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { createPublication, dbTargets } from '../support/test-app.js';
import { createScratchDatabase, pollScan } from '../support/worker-process/scan-helpers.js';
import { LANTERN, ORCHARD, pagePhotos, pageOfRequest, pagesReply } from '../support/openai-pages.js';
import { signIn, startServer, type ServerProcess } from '../support/worker-process/server-process.js';

describe.each(dbTargets())('a scan cut off by a killed server (%s, no Redis)', (target) => {
  let stub: OpenAiStub;
  let holding = true;
  let held = 0;
  let photos: Buffer[];
  let env: Record<string, string>;
  let db: { url: string; drop: () => Promise<void> } | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    // Page 1 is read at once; pages 2 and 3 hang while `holding`, so the scan is caught half-way.
    const reply = pagesReply([LANTERN, ORCHARD, LANTERN], (page) => holding && page > 1);
    stub = await startOpenAiStub((request) => {
      if (holding && (pageOfRequest(request.body) ?? 0) > 1) held++;
      return reply(request);
    });
    photos = await pagePhotos(3);
    if (target === 'postgres') db = await createScratchDatabase();
    env = {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'scan-durable-')),
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseUrl,
      SCAN_JOB_LOCK_MS: '3000',
      SCAN_JOB_BACKOFF_MS: '200',
      ...(db ? { DATABASE_URL: db.url } : {}),
    };
  });

  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await stub?.close();
    await db?.drop();
  });

  const start = async () => {
    const server = await startServer(env);
    servers.push(server);
    return server;
  };

  it('resumes after a restart, finishes with the poems, and adds nothing twice', async () => {
    const first = await start();
    let { agent } = await signIn(first.base);
    const pubId = await createPublication(agent, 'Interrupted by a crash');
    const req = agent.post(`/api/publications/${pubId}/batch_upload_pages/?async=true`);
    photos.forEach((photo, i) => req.attach(`page_${i}`, photo, `p${i}.jpg`));
    const jobId = (await req.expect(202)).body.job_id as string;
    await pollScan(agent, jobId, (s) => s.state === 'active', 60_000);
    await expect.poll(() => held, { timeout: 30_000 }).toBeGreaterThan(0);

    await first.kill('SIGKILL');
    holding = false;
    const second = await start();
    ({ agent } = await signIn(second.base));

    // The job is still known after the restart, and goes on by itself.
    const known = await agent.get(`/api/scans/${jobId}/`).expect(200);
    expect(known.body.job_id).toBe(jobId);
    const done = await pollScan(agent, jobId, (s) => s.state === 'completed' || s.state === 'failed', 90_000);
    expect(done.state).toBe('completed');
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(second.output()).toMatch(new RegExp(`Scan job ${jobId} was cut off`));
    expect(done.result).toMatchObject({ extracted_poems: 2, duplicates_ignored: 1 });
    const poems = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{
      id: number;
      title: string;
    }>;
    expect(poems.map((p) => p.title)).toEqual([LANTERN.title, ORCHARD.title]);
    expect(done.result.poems.map((p: { id: number }) => p.id)).toEqual(poems.map((p) => p.id));
    expect((await agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body).toEqual({
      unscanned: 0,
      waiting: 0,
      not_started: 0,
    });

    // The same photos once more: the same job, run again, adds nothing.
    const again = agent.post(`/api/publications/${pubId}/batch_upload_pages/`);
    photos.forEach((photo, i) => again.attach(`page_${i}`, photo, `p${i}.jpg`));
    expect((await again.expect(200)).body).toMatchObject({ job_id: jobId, extracted_poems: 0, duplicates_ignored: 3 });
    expect((await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body).toHaveLength(2);

    // Each photo is stored once.
    await second.kill('SIGTERM');
    expect(await storedPages(pubId)).toBe(3);
  });

  /** Rows of the page archive for the publication, read straight from the database the server used. */
  async function storedPages(publicationId: number): Promise<number> {
    const sql = 'SELECT count(*)::int AS n FROM scan_pages WHERE publication_id = $1';
    if (db) {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        return (await client.query(sql, [publicationId])).rows[0].n;
      } finally {
        await client.end();
      }
    }
    const embedded = await PGlite.create({ dataDir: join(env.DATA_DIR, 'db') });
    try {
      return ((await embedded.query<{ n: number }>(sql, [publicationId])).rows[0] as { n: number }).n;
    } finally {
      await embedded.close();
    }
  }
});
