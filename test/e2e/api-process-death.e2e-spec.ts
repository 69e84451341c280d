/**
 * The death of one of several API processes leaves no client waiting. WEB_CONCURRENCY=2 on
 * PostgreSQL without Redis, as a two-core machine runs the archive: the process running a scan is
 * killed with SIGKILL while visitors and the curator's status poll keep arriving, each on a fresh
 * connection. Every request is answered, or refused at once (its connection reset by the dying
 * process), never left hanging; the scan resumes on the other process and the dead one is replaced.
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { LANTERN, ORCHARD, pageOfRequest, pagePhotos, pagesReply } from '../support/openai-pages.js';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { createPublication } from '../support/test-app.js';
import { createScratchDatabase, pollScan } from '../support/worker-process/scan-helpers.js';
import { signIn, startServer, type ServerProcess } from '../support/worker-process/server-process.js';

/** Longer than this is a request left hanging (a client's own timeout would have to end it). */
const ANSWER_WITHIN_MS = 5_000;

interface Outcome {
  path: string;
  ms: number;
  status?: number;
  error?: string;
}

/** One GET on a connection of its own; a request still open after `limitMs` is ended and reported as hanging. */
function visit(base: string, path: string, cookie: string, limitMs: number): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = http.get(base + path, { agent: false, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ path, ms: Date.now() - started, status: res.statusCode }));
      res.on('error', (err) => resolve({ path, ms: Date.now() - started, error: err.message }));
    });
    req.setTimeout(limitMs, () => req.destroy(new Error('hanging')));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ path, ms: Date.now() - started, error: err.code ?? err.message }));
  });
}

/** The API processes a supervising process runs (its children). */
async function processesOf(pid: number): Promise<number[]> {
  const { readFile } = await import('node:fs/promises');
  return (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean).map(Number);
}

describe('an API process killed while it scans, with requests in flight (WEB_CONCURRENCY=2, PostgreSQL, no Redis)', () => {
  let stub: OpenAiStub;
  let held = 0;
  /** Ends the hold: the pages held until now are answered, and later ones at once. */
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    ensureReaderBuilt();
    // Page 1 is read at once; pages 2 and 3 wait until `release()`, so the scan is caught half-way.
    // The surviving process may take the job over before then: its pages wait too, until released.
    const reply = pagesReply([LANTERN, ORCHARD, LANTERN]);
    stub = await startOpenAiStub(async (request) => {
      if ((pageOfRequest(request.body) ?? 0) > 1) {
        held++;
        await released;
      }
      return reply(request);
    });
    db = await createScratchDatabase();
    server = await startServer({
      DATABASE_URL: db.url,
      WEB_CONCURRENCY: '2',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'process-death-')),
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseUrl,
      SCAN_JOB_LOCK_MS: '3000',
      SCAN_JOB_BACKOFF_MS: '200',
    });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    release();
    await stub?.close();
    await db?.drop();
  });

  /** The process holding the job's lease, read from the jobs table. */
  async function runnerOf(jobId: string): Promise<number> {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT locked_by FROM scan_jobs WHERE id = $1 AND state = 'active'`, [jobId]);
      return Number(String(rows[0]?.locked_by ?? '').split(':')[1]);
    } finally {
      await client.end();
    }
  }

  it('answers or refuses every request within seconds while the process dies and is replaced, and the scan resumes', async () => {
    const { agent } = await signIn(server.base);
    const cookie = agent.jar
      .getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const pubId = await createPublication(agent, 'Through a crash');
    await agent.post(`/api/publications/${pubId}/publish/`).expect(200);
    const upload = agent.post(`/api/publications/${pubId}/batch_upload_pages/?async=true`);
    (await pagePhotos(3)).forEach((photo, i) => upload.attach(`page_${i}`, photo, `p${i}.jpg`));
    const jobId = (await upload.expect(202)).body.job_id as string;
    await pollScan(agent, jobId, (s) => s.state === 'active', 60_000);
    await expect.poll(() => held).toBeGreaterThan(0);
    const victim = await runnerOf(jobId);
    expect(await processesOf(server.child.pid!)).toContain(victim);

    // Six clients keep asking, each request on a new connection: the curator's status poll, the
    // admin's reads and visitors' searches (each new words, so none is answered from a cache).
    const paths = [`/api/scans/${jobId}/`, `/api/publications/${pubId}/?admin=true`, '/search?q=crash', '/api/health/'];
    const outcomes: Outcome[] = [];
    let loading = true;
    const clients = Array.from({ length: 6 }, async (_, c) => {
      for (let i = 0; loading; i++) {
        const path = paths[(c + i) % paths.length]!.replace('=crash', `=crash${c}x${i}`);
        outcomes.push(await visit(server.base, path, cookie, 60_000));
      }
    });
    await new Promise((r) => setTimeout(r, 1_000));
    const killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    await server.waitFor(/API process \d+ died \(SIGKILL\); starting another/);
    await expect.poll(async () => (await processesOf(server.child.pid!)).filter((pid) => pid !== victim)).toHaveLength(2);
    // Long enough for the replacement to take connections too.
    await new Promise((r) => setTimeout(r, 3_000));
    loading = false;
    await Promise.all(clients);

    const slow = outcomes.filter((o) => o.ms > ANSWER_WITHIN_MS);
    expect(slow, JSON.stringify(slow)).toEqual([]);
    expect(outcomes.filter((o) => o.error === 'hanging')).toEqual([]);
    // Most requests were answered, before and after the death; only ones cut off by it failed.
    const answered = outcomes.filter((o) => o.status !== undefined);
    expect(
      answered.every((o) => o.status === 200 || o.status === 304),
      JSON.stringify(answered.filter((o) => o.status !== 200)),
    ).toBe(true);
    expect(answered.length).toBeGreaterThan(outcomes.length * 0.8);
    expect(Date.now() - killedAt).toBeGreaterThan(3_000);

    // The scan goes on in the surviving process and finishes with the poems.
    release();
    const done = await pollScan(agent, jobId, (s) => s.state === 'completed' || s.state === 'failed', 120_000);
    expect(done.state).toBe('completed');
    expect(done.result).toMatchObject({ extracted_poems: 2, duplicates_ignored: 1 });
  });
});
