import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/app-config.js';
import { dataSourceOptions } from '../../database/database.module.js';
import { ExtractionError } from '../application/ports/extraction.port.js';
import { ImageIntakeError } from '../images/page-image.intake.js';
import { ScanError } from '../domain/scan.errors.js';
import type { ScanResult } from '../application/scan-job.types.js';
import { DatabaseJobQueue } from './database.job-queue.js';
import { JobCatalogueError, JobHandlerRegistry } from './job-handler.registry.js';
import type { JobContext, JobHandler } from './job-queue.port.js';
import { ScanJobsRepository } from './scan-jobs.repository.js';

const config = loadConfig({ SCAN_JOB_ATTEMPTS: '3', SCAN_JOB_BACKOFF_MS: '10' });

const resultFor = (jobId: string): ScanResult => ({
  job_id: jobId,
  publication_id: 1,
  extracted_poems: 0,
  duplicates_ignored: 0,
  total_scanned: 0,
  empty_dropped: 0,
  continued: [],
  duplicates: [],
  poems: [],
  pages_total: 2,
});

/** A scripted handler: each run takes the next behaviour from the list. */
function scripted(name: 'scan.pages' | 'scan.reprocess', runs: Array<(ctx: JobContext) => Promise<ScanResult>>) {
  const calls: number[] = [];
  const handler: JobHandler = {
    jobName: name,
    handle: async (_payload, ctx) => {
      calls.push(ctx.attempt);
      const run = runs[Math.min(calls.length - 1, runs.length - 1)];
      return run(ctx);
    },
  };
  return { handler, calls };
}

const idle = scripted('scan.reprocess', [async (ctx) => resultFor(ctx.jobId)]).handler;
const payload = { publicationId: 1, pages: [{ scanPageId: 1, index: 0, storageKey: 'a', mimeType: 'image/jpeg' }, { scanPageId: 2, index: 1, storageKey: 'b', mimeType: 'image/jpeg' }] };

describe('JobHandlerRegistry (start-up check of the job catalogue)', () => {
  it('refuses to start when a job has no handler', () => {
    expect(() => new JobHandlerRegistry([idle])).toThrow(JobCatalogueError);
    expect(() => new JobHandlerRegistry([idle])).toThrow(/no handler for job "scan.pages"/);
  });

  it('refuses two handlers for one job and handlers for unknown jobs', () => {
    const pages = scripted('scan.pages', [async (ctx) => resultFor(ctx.jobId)]).handler;
    expect(() => new JobHandlerRegistry([pages, pages, idle])).toThrow(/two handlers for job "scan.pages"/);
    expect(() => new JobHandlerRegistry([pages, idle, { jobName: 'scan.other' as never, handle: async () => resultFor('x') }])).toThrow(
      /unknown job "scan.other"/,
    );
  });
});

// The embedded database starts and migrates in seconds on a busy machine.
describe('DatabaseJobQueue (job mechanics on the embedded database, with a scripted handler in place of extraction)', { timeout: 30_000 }, () => {
  let db: DataSource;
  let queue: DatabaseJobQueue | undefined;
  beforeAll(async () => {
    db = await new DataSource(dataSourceOptions(config, { inMemory: true })).initialize();
  }, 120_000);
  afterAll(() => db?.destroy());
  afterEach(async () => {
    await queue?.beforeApplicationShutdown();
    queue = undefined;
  });

  const start = async (...handlers: JobHandler[]) => {
    queue = new DatabaseJobQueue(new JobHandlerRegistry(handlers), new ScanJobsRepository(db), config);
    await queue.onApplicationBootstrap();
    return queue;
  };

  it('runs a job, reports progress while it runs, and keeps the result', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { handler } = scripted('scan.pages', [
      async (ctx) => {
        await ctx.reportProgress({ pages_done: 1, pages_total: 2 });
        await gate;
        return resultFor(ctx.jobId);
      },
    ]);
    queue = await start(handler, idle);
    await queue.enqueue('scan.pages', payload, 'scan-1-aaaaaaaa');
    expect((await queue.status('scan-1-aaaaaaaa'))?.progress.pages_total).toBe(2);
    await expect.poll(() => queue!.status('scan-1-aaaaaaaa')).toMatchObject({ state: 'active', progress: { pages_done: 1, pages_total: 2 } });
    release();
    await expect(queue.waitUntilFinished('scan-1-aaaaaaaa')).resolves.toMatchObject({ job_id: 'scan-1-aaaaaaaa' });
    expect(await queue.status('scan-1-aaaaaaaa')).toMatchObject({ state: 'completed', attempts: 1, result: { job_id: 'scan-1-aaaaaaaa' } });
  });

  it('retries an unexpected failure with backoff and succeeds', async () => {
    const { handler, calls } = scripted('scan.pages', [
      async () => {
        throw new Error('database connection reset');
      },
      async (ctx) => resultFor(ctx.jobId),
    ]);
    queue = await start(handler, idle);
    await queue.enqueue('scan.pages', payload, 'scan-1-bbbbbbbb');
    await expect(queue.waitUntilFinished('scan-1-bbbbbbbb')).resolves.toMatchObject({ job_id: 'scan-1-bbbbbbbb' });
    expect(calls).toEqual([1, 2]);
  });

  it('fails at once on bad input, keeping its code, message and status', async () => {
    const bad = new ImageIntakeError('IMAGE.UNSUPPORTED_TYPE', 'page_1 is a PDF document. Accepted types are JPEG, PNG and WebP images.');
    const { handler, calls } = scripted('scan.pages', [
      async () => {
        throw bad;
      },
    ]);
    queue = await start(handler, idle);
    await queue.enqueue('scan.pages', payload, 'scan-1-cccccccc');
    const err = await queue.waitUntilFinished('scan-1-cccccccc').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScanError);
    expect((err as ScanError).status).toBe(415);
    expect(calls).toEqual([1]);
    expect((await queue.status('scan-1-cccccccc'))?.error).toEqual({ code: 'IMAGE.UNSUPPORTED_TYPE', status: 415, message: bad.message });
  });

  it('gives up after the configured attempts on a provider that keeps failing', async () => {
    const provider = new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', 'The AI provider (OpenAI) failed: 500', true);
    const { handler, calls } = scripted('scan.pages', [
      async () => {
        throw provider;
      },
    ]);
    queue = await start(handler, idle);
    await queue.enqueue('scan.pages', payload, 'scan-1-dddddddd');
    const err = (await queue.waitUntilFinished('scan-1-dddddddd').catch((e: unknown) => e)) as ScanError;
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/AI provider/);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('joins a job that is still queued or running instead of running it twice', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { handler, calls } = scripted('scan.pages', [
      async (ctx) => {
        await gate;
        return resultFor(ctx.jobId);
      },
    ]);
    queue = await start(handler, idle);
    await queue.enqueue('scan.pages', payload, 'scan-1-eeeeeeee');
    await queue.enqueue('scan.pages', payload, 'scan-1-eeeeeeee');
    release();
    await queue.waitUntilFinished('scan-1-eeeeeeee');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([1]);
    expect(await queue.status('scan-unknown-00000000')).toBeNull();
  });

  it('keeps a job across a restart, and the next process resumes a job cut off mid-run as a retry', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = scripted('scan.pages', [
      async (ctx) => {
        await ctx.reportProgress({ pages_done: 1, pages_total: 2 });
        await gate;
        return { ...resultFor(ctx.jobId), extracted_poems: 99 };
      },
    ]);
    const dying = new DatabaseJobQueue(new JobHandlerRegistry([first.handler, idle]), new ScanJobsRepository(db), config);
    await dying.onApplicationBootstrap();
    await dying.enqueue('scan.pages', payload, 'scan-1-ffffffff');
    await expect.poll(() => dying.status('scan-1-ffffffff')).toMatchObject({ state: 'active', progress: { pages_done: 1 } });

    // The process dies without a word (no shutdown hook); the embedded database's next owner starts.
    const second = scripted('scan.pages', [async (ctx) => resultFor(ctx.jobId)]);
    queue = await start(second.handler, idle);
    await expect(queue.waitUntilFinished('scan-1-ffffffff')).resolves.toMatchObject({ job_id: 'scan-1-ffffffff', extracted_poems: 0 });
    expect(second.calls).toEqual([2]);
    expect(await queue.status('scan-1-ffffffff')).toMatchObject({ state: 'completed', attempts: 2 });

    // The cut-off run, should it still finish, no longer holds the job and changes nothing.
    release();
    await new Promise((r) => setTimeout(r, 50));
    await dying.beforeApplicationShutdown();
    expect(await queue.status('scan-1-ffffffff')).toMatchObject({ state: 'completed', result: { extracted_poems: 0 } });
  });

  it('runs a finished job again when the same job is queued anew', async () => {
    const { handler, calls } = scripted('scan.pages', [async (ctx) => resultFor(ctx.jobId)]);
    queue = await start(handler, idle);
    await queue.enqueue('scan.pages', payload, 'scan-1-abababab');
    await queue.waitUntilFinished('scan-1-abababab');
    await queue.enqueue('scan.pages', payload, 'scan-1-abababab');
    await queue.waitUntilFinished('scan-1-abababab');
    expect(calls).toEqual([1, 1]);
  });
});
