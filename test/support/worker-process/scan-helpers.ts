import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { PG_ADMIN_URL, postgresAdmin } from '../postgres-admin.js';
import type { TestAgent } from '../test-app.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The run's own Redis (REDIS_URL, e.g. a database number of its own), so parallel runs do not meet. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Redis must be there: the BullMQ path is part of the product and is never quietly left untested. */
export async function requireRedis(): Promise<void> {
  const redis = new Redis(REDIS_URL, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2000,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`Redis is required at ${REDIS_URL} for the BullMQ scan tests (${(err as Error).message})`, { cause: err });
  } finally {
    redis.disconnect();
  }
}

/** A fresh PostgreSQL database for one suite, shared by the API and the worker processes. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_scan_${process.pid}_${Date.now().toString(36)}`;
  const admin = await postgresAdmin();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = await postgresAdmin();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts the real worker entry (src/worker.ts, or another entry such as src/main.ts) in its own
 * process, TypeScript compiled on load by SWC (test/support/worker-process/ts-loader.mjs), so no
 * full build is needed.
 */
export function startWorker(env: Record<string, string>, entry = 'src/worker.ts'): WorkerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', './test/support/worker-process/register.mjs', entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(output)) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          } else if (child.exitCode !== null) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`worker exited (${child.exitCode}) before ${pattern}:\n${output}`));
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern} in worker output:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        child.once('exit', check);
        check();
      }),
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Polls GET /api/scans/{id}/ until the predicate holds. */
export async function pollScan(
  agent: TestAgent,
  jobId: string,
  until: (body: { state: string; progress: { pages_done: number; pages_total: number } }) => boolean,
  timeoutMs = 120_000,
): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await agent.get(`/api/scans/${jobId}/`);
    if (res.status !== 200) throw new Error(`GET /api/scans/${jobId}/ answered ${res.status} ${JSON.stringify(res.body)}`);
    if (until(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`scan ${jobId} still ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Removes a test run's queue keys (everything under its own prefix). */
export async function dropQueueKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
