import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/app-config.js';
import { dataSourceOptions } from '../../database/database.module.js';
import { JobHandlerRegistry } from '../application/job-handler.registry.js';
import type { JobFailurePolicy } from '../application/ports/job-failure-policy.port.js';
import type { JobContext, JobHandler } from '../application/ports/job-queue.port.js';
import type { QueueDefinition } from '../application/queue-definition.js';
import { QueueError } from '../domain/queue.errors.js';
import { DatabaseJobQueue } from './database.job-queue.js';
import { JobsTable } from './jobs.table.js';

type Progress = { done: number; total: number };
type Counted = { jobId: string; counted: number };
type Jobs = {
  'words.count': { payload: { words: string[] }; result: Counted; progress: Progress };
  'words.sort': { payload: { words: string[] }; result: Counted; progress: Progress };
};

/** The user's errors: bad input fails at once, an outage is worth another run. */
class Refused extends Error {}
class Outage extends Error {}

const policy: JobFailurePolicy = {
  describe: (err) =>
    err instanceof Refused
      ? { code: 'WORDS.REFUSED', message: err.message, status: 422, retryable: false, unexpected: false }
      : err instanceof Outage
        ? { code: 'WORDS.OUTAGE', message: err.message, status: 502, retryable: true, unexpected: false }
        : { code: 'WORDS.FAILED', message: 'Counting failed unexpectedly.', status: 500, retryable: true, unexpected: true },
  interrupted: () => ({ code: 'WORDS.FAILED', message: 'Counting was interrupted too often.', status: 500 }),
  unexplained: (reason) => ({ code: 'WORDS.FAILED', message: `Counting failed: ${reason}`, status: 500 }),
};

const TABLE = 'word_jobs';
const definition: QueueDefinition<Jobs> = {
  name: 'words',
  table: TABLE,
  logLabel: 'Word',
  catalogue: {
    'words.count': { initialProgress: ({ words }) => ({ done: 0, total: words.length }) },
    'words.sort': { initialProgress: ({ words }) => ({ done: 0, total: words.length }) },
  },
  failurePolicy: policy,
  settings: { queuePrefix: 'test', attempts: 3, backoffMs: 10, lockMs: 60_000, concurrency: 1 },
};
// The embedded database: no DATABASE_URL, so a new queue takes over a dead one's jobs at once.
const config = loadConfig({});

const resultFor = (jobId: string): Counted => ({ jobId, counted: 2 });

/** A scripted handler: each run takes the next behaviour from the list. */
function scripted(name: 'words.count' | 'words.sort', runs: Array<(ctx: JobContext<Progress>) => Promise<Counted>>) {
  const calls: number[] = [];
  const handler: JobHandler<Jobs> = {
    jobName: name,
    handle: async (_payload, ctx) => {
      calls.push(ctx.attempt);
      const run = runs[Math.min(calls.length - 1, runs.length - 1)];
      return run(ctx);
    },
  };
  return { handler, calls };
}

/** A run that fails with `err`. */
const throwing = (err: Error) => async (): Promise<Counted> => {
  throw err;
};

const idle = scripted('words.sort', [async (ctx) => resultFor(ctx.jobId)]).handler;
const payload = { words: ['lantern', 'orchard'] };

// The embedded database starts and migrates in seconds on a busy machine.
describe('DatabaseJobQueue (job mechanics on the embedded database, with scripted handlers)', { timeout: 30_000 }, () => {
  let db: DataSource;
  let queue: DatabaseJobQueue<Jobs> | undefined;
  const open: Array<DatabaseJobQueue<Jobs>> = [];
  beforeAll(async () => {
    db = await new DataSource(dataSourceOptions(config, { inMemory: true })).initialize();
    // A table of the jobs table's shape under another name: the queue writes where its definition says.
    await db.query(`CREATE TABLE ${TABLE} (LIKE scan_jobs INCLUDING ALL)`);
  }, 120_000);
  afterAll(() => db?.destroy());
  afterEach(async () => {
    for (const q of open.splice(0)) await q.beforeApplicationShutdown();
    queue = undefined;
  });

  const start = async (...handlers: Array<JobHandler<Jobs>>) => {
    const started = new DatabaseJobQueue<Jobs>(new JobHandlerRegistry(definition, handlers), new JobsTable(db, TABLE), definition, config);
    open.push(started);
    await started.onApplicationBootstrap();
    return started;
  };

  it('runs a job, reports progress while it runs, and keeps the result', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { handler } = scripted('words.count', [
      async (ctx) => {
        await ctx.reportProgress({ done: 1, total: 2 });
        await gate;
        return resultFor(ctx.jobId);
      },
    ]);
    queue = await start(handler, idle);
    await queue.enqueue('words.count', payload, 'job-a');
    // Before the handler reports, the catalogue's initial progress.
    expect((await queue.status('job-a'))?.progress).toEqual({ done: 0, total: 2 });
    await expect.poll(() => queue!.status('job-a')).toMatchObject({ state: 'active', progress: { done: 1, total: 2 } });
    release();
    await expect(queue.waitUntilFinished('job-a')).resolves.toEqual({ jobId: 'job-a', counted: 2 });
    expect(await queue.status('job-a')).toEqual({
      id: 'job-a',
      name: 'words.count',
      state: 'completed',
      progress: { done: 1, total: 2 },
      attempts: 1,
      result: { jobId: 'job-a', counted: 2 },
    });
    expect(await db.query(`SELECT id FROM scan_jobs WHERE id = 'job-a'`)).toEqual([]);
  });

  it('retries what the policy calls retryable, with backoff, and succeeds', async () => {
    const { handler, calls } = scripted('words.count', [
      throwing(new Error('database connection reset')),
      async (ctx) => resultFor(ctx.jobId),
    ]);
    queue = await start(handler, idle);
    await queue.enqueue('words.count', payload, 'job-b');
    await expect(queue.waitUntilFinished('job-b')).resolves.toMatchObject({ jobId: 'job-b' });
    expect(calls).toEqual([1, 2]);
  });

  it('fails at once what the policy does not retry, recording the failure it describes', async () => {
    const { handler, calls } = scripted('words.count', [throwing(new Refused('The word list is empty.'))]);
    queue = await start(handler, idle);
    await queue.enqueue('words.count', payload, 'job-c');
    const err = await queue.waitUntilFinished('job-c').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueueError);
    expect(err).toMatchObject({
      code: 'QUEUE.JOB_FAILED',
      message: 'The word list is empty.',
      failure: { code: 'WORDS.REFUSED', message: 'The word list is empty.', status: 422 },
    });
    expect(calls).toEqual([1]);
    expect((await queue.status('job-c'))?.error).toEqual({ code: 'WORDS.REFUSED', message: 'The word list is empty.', status: 422 });
  });

  it('gives up after the configured attempts on an error that persists', async () => {
    const { handler, calls } = scripted('words.count', [throwing(new Outage('The dictionary service failed: 500'))]);
    queue = await start(handler, idle);
    await queue.enqueue('words.count', payload, 'job-d');
    const err = (await queue.waitUntilFinished('job-d').catch((e: unknown) => e)) as QueueError;
    expect(err.failure).toEqual({ code: 'WORDS.OUTAGE', message: 'The dictionary service failed: 500', status: 502 });
    expect(calls).toEqual([1, 2, 3]);
  });

  it('joins a job that is still queued or running instead of running it twice', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { handler, calls } = scripted('words.count', [
      async (ctx) => {
        await gate;
        return resultFor(ctx.jobId);
      },
    ]);
    queue = await start(handler, idle);
    await queue.enqueue('words.count', payload, 'job-e');
    await queue.enqueue('words.count', payload, 'job-e');
    release();
    await queue.waitUntilFinished('job-e');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([1]);
    expect(await queue.status('job-unknown')).toBeNull();
    await expect(queue.waitUntilFinished('job-unknown')).rejects.toMatchObject({ code: 'QUEUE.JOB_NOT_FOUND' });
  });

  it('stops a caller waiting once its signal aborts, and refuses jobs once shut down', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { handler } = scripted('words.count', [
      async (ctx) => {
        await gate;
        return resultFor(ctx.jobId);
      },
    ]);
    queue = await start(handler, idle);
    await queue.enqueue('words.count', payload, 'job-g');
    const waiting = new AbortController();
    const wait = queue.waitUntilFinished('job-g', waiting.signal).catch((e: unknown) => e);
    waiting.abort();
    expect(await wait).toMatchObject({ code: 'QUEUE.WAIT_ABORTED' });
    release();
    await queue.waitUntilFinished('job-g');

    await queue.beforeApplicationShutdown();
    await expect(queue.assertAvailable()).rejects.toMatchObject({ code: 'QUEUE.UNAVAILABLE', status: 503 });
    await expect(queue.enqueue('words.count', payload, 'job-h')).rejects.toBeInstanceOf(QueueError);
    expect(await queue.hasConsumers()).toBe(false);
  });

  it('keeps a job across a restart, and the next process resumes a job cut off mid-run as a retry', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = scripted('words.count', [
      async (ctx) => {
        await ctx.reportProgress({ done: 1, total: 2 });
        await gate;
        return { ...resultFor(ctx.jobId), counted: 99 };
      },
    ]);
    const dying = await start(first.handler, idle);
    await dying.enqueue('words.count', payload, 'job-f');
    await expect.poll(() => dying.status('job-f')).toMatchObject({ state: 'active', progress: { done: 1 } });

    // The process dies without a word (no shutdown hook); the embedded database's next owner starts.
    open.splice(open.indexOf(dying), 1);
    const second = scripted('words.count', [async (ctx) => resultFor(ctx.jobId)]);
    queue = await start(second.handler, idle);
    await expect(queue.waitUntilFinished('job-f')).resolves.toEqual({ jobId: 'job-f', counted: 2 });
    expect(second.calls).toEqual([2]);
    expect(await queue.status('job-f')).toMatchObject({ state: 'completed', attempts: 2 });

    // The cut-off run, should it still finish, no longer holds the job and changes nothing.
    release();
    await new Promise((r) => setTimeout(r, 50));
    await dying.beforeApplicationShutdown();
    expect(await queue.status('job-f')).toMatchObject({ state: 'completed', result: { counted: 2 } });
  });

  it("fails a job cut off too often with the policy's interrupted failure", async () => {
    const never = new Promise<Counted>(() => undefined);
    const hanging = scripted('words.count', [() => never]);
    // Each process dies mid-run; the next takes the job over, until the stall limit.
    for (let run = 1; run <= 3; run++) {
      const dying = await start(hanging.handler, idle);
      if (run === 1) await dying.enqueue('words.count', payload, 'job-i');
      await expect.poll(() => dying.status('job-i')).toMatchObject({ state: 'active', attempts: run });
      open.splice(open.indexOf(dying), 1);
    }
    queue = await start(hanging.handler, idle);
    const err = (await queue.waitUntilFinished('job-i').catch((e: unknown) => e)) as QueueError;
    expect(err.failure).toEqual({ code: 'WORDS.FAILED', message: 'Counting was interrupted too often.', status: 500 });
    expect(hanging.calls).toEqual([1, 2, 3]);
  });

  it('runs a finished job again when the same job is queued anew', async () => {
    const { handler, calls } = scripted('words.count', [async (ctx) => resultFor(ctx.jobId)]);
    queue = await start(handler, idle);
    await queue.enqueue('words.count', payload, 'job-j');
    await queue.waitUntilFinished('job-j');
    await queue.enqueue('words.count', payload, 'job-j');
    await queue.waitUntilFinished('job-j');
    expect(calls).toEqual([1, 1]);
  });
});
