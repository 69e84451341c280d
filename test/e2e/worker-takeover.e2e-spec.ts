/**
 * How soon a dead worker's scan job is taken over on BullMQ: within SCAN_JOB_LOCK_MS of the
 * worker's death, as the README promises (the lock lasts four fifths of it, the stalled-job check
 * runs every fifth). Two real worker processes; the one running the job is killed with
 * SIGKILL, just as it renews its lock, while the AI provider (a stub on 127.0.0.1) holds its
 * pages, and the other one's start of the job is timed. Redis and PostgreSQL are required, never skipped.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_QUEUE_NAME } from '../../src/scanning/queue/job.catalogue.js';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';
import {
  createPublication,
  createScratchDatabase,
  dropQueueKeys,
  pollScan,
  REDIS_URL,
  requireRedis,
  startWorker,
  type WorkerProcess,
} from '../support/worker-process/scan-helpers.js';
import { pagePhotos, pagesReply } from '../support/worker-process/server-process.js';

const LOCK_MS = 6000;
/** Timers and log lines on a busy machine: the measured takeover may run this much late. */
const SLACK_MS = 1000;

describe('takeover of a dead worker’s job on BullMQ', () => {
  let stub: OpenAiStub;
  let holding = true;
  let t: TestApp;
  let agent: TestAgent;
  let token: string;
  let db: { url: string; drop: () => Promise<void> };
  let env: Record<string, string>;
  const workers: WorkerProcess[] = [];
  const savedDatabaseUrl = process.env.DATABASE_URL;
  const poem = { title: 'Held Page', body: 'The page is slow to read today,\nthe reader waits, the light goes grey.' };

  beforeAll(async () => {
    await requireRedis();
    stub = await startOpenAiStub(pagesReply([poem], () => holding));
    db = await createScratchDatabase();
    const shared = mkdtempSync(join(tmpdir(), 'scan-takeover-'));
    env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      SCAN_QUEUE_PREFIX: `takeover-${process.pid}-${Date.now().toString(36)}`,
      SCAN_JOB_LOCK_MS: String(LOCK_MS),
      SCAN_JOB_BACKOFF_MS: '200',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseUrl,
      PAGE_STORE_DIR: join(shared, 'pages'),
      DATA_DIR: join(shared, 'data'),
    };
    process.env.DATABASE_URL = db.url;
    t = await startTestApp('postgres', { env });
    ({ agent, token } = await staffAgent(t));
  });

  /** Waits until the lock's time to live jumps up: its holder has just renewed it. */
  async function untilLockRenewed(key: string): Promise<void> {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      let last = await redis.pttl(key);
      for (let i = 0; i < 2000; i++) {
        await new Promise((r) => setTimeout(r, 5));
        const ttl = await redis.pttl(key);
        if (last > 0 && ttl > last + 100) return;
        last = ttl;
      }
      throw new Error(`the lock ${key} was never renewed`);
    } finally {
      redis.disconnect();
    }
  }

  afterAll(async () => {
    for (const w of workers) await w.kill('SIGKILL');
    await t?.close();
    process.env.DATABASE_URL = savedDatabaseUrl;
    await stub?.close();
    await db?.drop();
    if (env) await dropQueueKeys(env.SCAN_QUEUE_PREFIX);
  });

  it(`another worker starts the job within SCAN_JOB_LOCK_MS (${LOCK_MS} ms) of the death`, async () => {
    const pair = [startWorker(env), startWorker(env)];
    workers.push(...pair);
    await Promise.all(pair.map((w) => w.waitFor(/Scan worker ready/, 90_000)));

    const pubId = await createPublication(agent, token, 'Taken over');
    const [photo] = await pagePhotos(1);
    const queued = await agent.post(`/api/publications/${pubId}/batch_upload_pages/?async=true`).set('X-CSRFToken', token).attach('page_0', photo, 'p.jpg').expect(202);
    const jobId = queued.body.job_id as string;
    const started = new RegExp(`Scan job ${jobId} \\(scan.pages\\) started, attempt 1`);
    await Promise.any(pair.map((w) => w.waitFor(started, 60_000)));
    const doomed = pair.find((w) => started.test(w.output()))!;
    const rescuer = pair.find((w) => w !== doomed)!;
    // The worst case: killed right as it renews its lock, which then outlives it the longest.
    await untilLockRenewed(`${env.SCAN_QUEUE_PREFIX}:${SCAN_QUEUE_NAME}:${jobId}:lock`);

    const killedAt = Date.now();
    await doomed.kill('SIGKILL');
    holding = false;
    await rescuer.waitFor(new RegExp(`Scan job ${jobId} \\(scan.pages\\) started, attempt 2`), 60_000);
    const takeoverMs = Date.now() - killedAt;
    console.log(`takeover after ${takeoverMs} ms (SCAN_JOB_LOCK_MS ${LOCK_MS})`);
    expect(takeoverMs).toBeLessThanOrEqual(LOCK_MS + SLACK_MS);

    const done = await pollScan(agent, jobId, (s) => s.state === 'completed' || s.state === 'failed', 60_000);
    expect(done).toMatchObject({ state: 'completed', result: { extracted_poems: 1 } });
    const poems = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{ title: string }>;
    expect(poems.map((p) => p.title)).toEqual([poem.title]);
  });
});
