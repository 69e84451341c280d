import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JobHandlerRegistry } from '../application/job-handler.registry.js';
import type { JobCatalogueShape, JobName, JobPayload, JobResult } from '../application/ports/job-catalogue.js';
import type { JobQueue, JobStatus } from '../application/ports/job-queue.port.js';
import { QUEUE_DEFINITION, type QueueDefinition } from '../application/queue-definition.js';
import { QueueError } from '../domain/queue.errors.js';
import { JobsTable, type ClaimedJob } from './jobs.table.js';

/** How often a waiting request looks at its job. */
const WAIT_POLL_MS = 250;
/** A job cut off by the death of its process this often is failed rather than run again (BullMQ's maxStalledCount). */
const MAX_STALLS = 2;

/**
 * The queue without Redis: jobs are rows of the queue's table in the application's own database
 * (embedded PGlite or PostgreSQL), run by this process one at a time through the same handlers,
 * retries and backoff as the BullMQ worker. A job survives a restart: its status stays readable,
 * and a job cut off mid-run is run again (handlers are idempotent).
 *
 * Why not a PostgreSQL queue library: graphile-worker needs LISTEN/NOTIFY on a connection of its
 * own and a multi-connection pool, which the embedded database (one PGlite session) lacks; pg-boss
 * brings its own schema and migrations beside ours, uuid job ids where ours are chosen by the
 * caller (the same work is the same job), and no progress or lease renewal for long jobs. What
 * is left is one claiming statement (UPDATE … FOR UPDATE SKIP LOCKED) and a lease renewed while
 * a job runs, which work the same on PGlite and on PostgreSQL shared by several API replicas.
 *
 * Takeover: a running job's lease (settings.lockMs) is renewed every quarter of it. On the
 * embedded database, which one process opens at a time, a restart takes over at once; on
 * PostgreSQL another replica, or the restarted one, takes a dead process's job once its lease
 * lapses, within lockMs and one poll.
 */
@Injectable()
export class DatabaseJobQueue<C extends JobCatalogueShape> implements JobQueue<C>, OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly kind = 'in-process' as const;
  private readonly logger: Logger;
  /** This process's lease name on the jobs it runs. */
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly pollMs: number;
  private closed = false;
  private pumping = false;
  /** A job was queued while the runner was between claims: look again at once. */
  private wokenWhilePumping = false;
  /** The job this process runs now. */
  private current?: string;
  private pollTimer?: NodeJS.Timeout;
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly registry: JobHandlerRegistry<C>,
    private readonly jobs: JobsTable,
    @Inject(QUEUE_DEFINITION) private readonly definition: QueueDefinition<C>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.logger = new Logger(`${definition.logLabel}Queue`);
    this.pollMs = Math.min(1000, Math.max(100, Math.floor(definition.settings.lockMs / 4)));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.databaseUrl) await this.jobs.expireAllLeases();
    await this.jobs.purgeFinished();
    this.purgeTimer = setInterval(() => void this.jobs.purgeFinished().catch(() => undefined), 3600_000);
    this.purgeTimer.unref();
    this.wake();
  }

  /** Hands a running job back so the next start (or another replica) resumes it at once. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.pollTimer);
    clearInterval(this.purgeTimer);
    if (this.current) await this.jobs.handBack(this.current, this.owner).catch(() => undefined);
  }

  async assertAvailable(): Promise<void> {
    if (this.closed) throw QueueError.unavailable();
  }

  async hasConsumers(): Promise<boolean> {
    return !this.closed;
  }

  async enqueue<N extends JobName<C>>(name: N, payload: JobPayload<C, N>, jobId: string): Promise<void> {
    await this.assertAvailable();
    await this.jobs.enqueue(jobId, name, payload, this.definition.catalogue[name].initialProgress(payload));
    this.wake();
  }

  async status(jobId: string): Promise<JobStatus<C> | null> {
    const job = await this.jobs.find(jobId);
    if (!job) return null;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      progress: job.progress,
      attempts: job.attempts,
      ...(job.state === 'completed' ? { result: job.result } : {}),
      ...(job.state === 'failed' ? { error: job.error! } : {}),
    } as JobStatus<C>;
  }

  async waitUntilFinished<N extends JobName<C>>(jobId: string, signal?: AbortSignal): Promise<JobResult<C, N>> {
    for (;;) {
      if (signal?.aborted) throw QueueError.waitAborted(jobId);
      const job = await this.jobs.find(jobId);
      if (!job) throw QueueError.jobNotFound(jobId);
      if (job.state === 'completed') return job.result as JobResult<C, N>;
      if (job.state === 'failed') throw QueueError.jobFailed(job.error!);
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  /** Runs due jobs one after another (handlers may be CPU-bound and the API must stay responsive), then polls. */
  private wake(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.wokenWhilePumping = true;
      return;
    }
    clearTimeout(this.pollTimer);
    this.pumping = true;
    this.wokenWhilePumping = false;
    void this.pump().finally(() => {
      this.pumping = false;
      if (this.closed) return;
      if (this.wokenWhilePumping) return this.wake();
      this.pollTimer = setTimeout(() => this.wake(), this.pollMs);
      this.pollTimer.unref();
    });
  }

  private async pump(): Promise<void> {
    while (!this.closed) {
      let job: ClaimedJob | null;
      try {
        job = await this.jobs.claim(this.owner, this.definition.settings.lockMs);
      } catch (err) {
        if (!this.closed) this.logger.warn(`Could not look for ${this.definition.logLabel.toLowerCase()} jobs: ${(err as Error).message}`);
        return;
      }
      if (!job) return;
      this.current = job.id;
      await this.run(job).catch((err: unknown) =>
        this.logger.warn(`${this.jobLabel(job.id)}: ${(err as Error).message}; it will be resumed`),
      );
      this.current = undefined;
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    const { settings, failurePolicy } = this.definition;
    const { lockMs, attempts, backoffMs } = settings;
    const label = this.jobLabel(job.id);
    if (job.takenOver) {
      this.logger.warn(`${label} was cut off (its process stopped); resuming it, attempt ${job.attempts}`);
      if (job.stalls > MAX_STALLS) {
        await this.jobs.fail(job.id, this.owner, failurePolicy.interrupted());
        return;
      }
    }
    const heartbeat = setInterval(
      () => {
        void this.jobs.renew(job.id, this.owner, lockMs).then(
          (held) => held || this.logger.warn(`${label}: lease lost to another process`),
          () => undefined,
        );
      },
      Math.max(250, Math.floor(lockMs / 4)),
    );
    heartbeat.unref();
    try {
      const result = await this.registry.get(job.name).handle(job.payload as never, {
        jobId: job.id,
        attempt: job.attempts,
        reportProgress: (progress) => this.jobs.progress(job.id, this.owner, { ...progress }),
      });
      if (await this.jobs.complete(job.id, this.owner, result)) this.logger.log(`${label} completed`);
    } catch (err) {
      if (this.closed) return; // Handed back on shutdown: the next start resumes it.
      const failure = failurePolicy.describe(err);
      if (failure.unexpected) this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      const info = { code: failure.code, message: failure.message, status: failure.status };
      // Runs cut off by a stopped process are not failures of the job.
      const failures = job.attempts - job.stalls;
      try {
        if (failure.retryable && failures < attempts) {
          const delay = backoffMs * 2 ** (failures - 1);
          this.logger.warn(`${label} failed (${failure.code}); retry ${failures + 1} of ${attempts} in ${delay} ms`);
          await this.jobs.requeue(job.id, this.owner, delay, info);
          setTimeout(() => this.wake(), delay + 10).unref();
        } else {
          this.logger.warn(`${label} failed: ${failure.message}`);
          await this.jobs.fail(job.id, this.owner, info);
        }
      } catch (writeErr) {
        this.logger.warn(`${label}: could not record its failure (${(writeErr as Error).message}); it will be resumed`);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private jobLabel(jobId: string): string {
    return `${this.definition.logLabel} job ${jobId}`;
  }
}
