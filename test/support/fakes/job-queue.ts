import type {
  JobCatalogue,
  JobCatalogueShape,
  JobName,
  JobPayload,
  JobResult,
} from '../../../src/queue/application/ports/job-catalogue.js';
import type { JobContext, JobQueue, JobState, JobStatus } from '../../../src/queue/application/ports/job-queue.port.js';
import { QueueError, type JobFailure } from '../../../src/queue/domain/queue.errors.js';

interface FakeJob {
  id: string;
  name: string;
  payload: unknown;
  state: JobState;
  progress: object;
  attempts: number;
  result?: unknown;
  error?: JobFailure;
}

type Runner<C extends JobCatalogueShape> = {
  [N in JobName<C>]?: (payload: JobPayload<C, N>, context: JobContext) => Promise<JobResult<C, N>>;
};

/**
 * A job queue in memory, as BullMQ and the database queue answer: a job is known by the id its
 * caller chose, queueing an id that is queued or running joins it (its payload stays the first
 * one), queueing a finished one runs it again, and a wait ends with the job's result or its
 * recorded failure (QUEUE.JOB_FAILED), QUEUE.JOB_NOT_FOUND, or QUEUE.WAIT_ABORTED. `down` makes it
 * unreachable (QUEUE.UNAVAILABLE) and `consumers` says whether a worker is there.
 *
 * Jobs stay queued until the test finishes them (`complete`, `fail`), or, for the names given in
 * `runs`, until the given function has run them (once: a failure is not retried).
 *
 * Left out: retries and backoff, leases and stalled jobs, and running handlers on a worker.
 */
export class FakeJobQueue<C extends JobCatalogueShape> implements JobQueue<C> {
  readonly jobs = new Map<string, FakeJob>();
  /** Every enqueue call, joined ones included, in order. */
  readonly enqueued: Array<{ name: string; payload: unknown; jobId: string }> = [];
  down = false;
  consumers = true;
  runs: Runner<C> = {};
  private readonly waiters = new Map<string, Array<() => void>>();

  constructor(
    private readonly catalogue: JobCatalogue<C>,
    readonly kind: 'bullmq' | 'in-process' = 'bullmq',
  ) {}

  async assertAvailable(): Promise<void> {
    if (this.down) throw QueueError.unavailable();
  }

  async hasConsumers(): Promise<boolean> {
    await this.assertAvailable();
    return this.consumers;
  }

  async enqueue<N extends JobName<C>>(name: N, payload: JobPayload<C, N>, jobId: string): Promise<void> {
    await this.assertAvailable();
    this.enqueued.push({ name, payload: structuredClone(payload), jobId });
    const existing = this.jobs.get(jobId);
    if (existing && (existing.state === 'queued' || existing.state === 'active')) return;
    const job: FakeJob = {
      id: jobId,
      name,
      payload: structuredClone(payload),
      state: 'queued',
      progress: this.catalogue[name].initialProgress(payload),
      attempts: existing?.attempts ?? 0,
    };
    this.jobs.set(jobId, job);
    const run = this.runs[name];
    if (run) setImmediate(() => void this.run(job, run));
  }

  private async run(job: FakeJob, handler: (payload: never, context: JobContext) => Promise<unknown>): Promise<void> {
    job.state = 'active';
    job.attempts++;
    const context: JobContext = { jobId: job.id, attempt: job.attempts, reportProgress: async (p) => void (job.progress = { ...p }) };
    try {
      this.complete(job.id, await handler(job.payload as never, context));
    } catch (err) {
      const { code = 'FAILED', message = String(err), status = 500 } = err as Partial<JobFailure>;
      this.fail(job.id, { code, message, status });
    }
  }

  async status(jobId: string): Promise<JobStatus<C> | null> {
    await this.assertAvailable();
    const job = this.jobs.get(jobId);
    if (!job) return null;
    const { id, name, state, progress, attempts } = job;
    return {
      id,
      name,
      state,
      progress,
      attempts,
      ...(state === 'completed' ? { result: job.result } : {}),
      ...(state === 'failed' ? { error: job.error } : {}),
    } as JobStatus<C>;
  }

  async waitUntilFinished<N extends JobName<C>>(jobId: string, signal?: AbortSignal): Promise<JobResult<C, N>> {
    for (;;) {
      if (signal?.aborted) throw QueueError.waitAborted(jobId);
      const job = this.jobs.get(jobId);
      if (!job) throw QueueError.jobNotFound(jobId);
      if (job.state === 'completed') return structuredClone(job.result) as JobResult<C, N>;
      if (job.state === 'failed') throw QueueError.jobFailed(job.error!);
      await new Promise<void>((resolve) => {
        const wake = () => resolve();
        this.waiters.set(jobId, [...(this.waiters.get(jobId) ?? []), wake]);
        signal?.addEventListener('abort', wake, { once: true });
      });
    }
  }

  /** The job ran to the end with this result. */
  complete(jobId: string, result: unknown): void {
    this.finish(jobId, { state: 'completed', result: structuredClone(result) });
  }

  /** The job failed for good, recording this failure. */
  fail(jobId: string, error: JobFailure): void {
    this.finish(jobId, { state: 'failed', error });
  }

  /** Marks a queued job as taken by a worker. */
  start(jobId: string): void {
    const job = this.jobs.get(jobId)!;
    job.state = 'active';
    job.attempts++;
  }

  private finish(jobId: string, outcome: Partial<FakeJob>): void {
    const job = this.jobs.get(jobId);
    if (!job) throw new Error(`no job ${jobId}`);
    Object.assign(job, outcome);
    for (const wake of this.waiters.get(jobId) ?? []) wake();
    this.waiters.delete(jobId);
  }
}
