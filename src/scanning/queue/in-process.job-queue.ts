import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ScanError, type JobErrorInfo } from '../jobs/scan.errors.js';
import { describeJobFailure, errorFromFailure } from './job-failure.js';
import { JobHandlerRegistry } from './job-handler.registry.js';
import { pagesTotalOf, type JobName, type JobPayload, type JobResult } from './job.catalogue.js';
import type { JobProgress, JobQueue, JobState, JobStatus } from './job-queue.port.js';

interface InProcessJob {
  id: string;
  name: JobName;
  payload: JobPayload<JobName>;
  state: JobState;
  progress: JobProgress;
  attempts: number;
  result?: JobResult<JobName>;
  error?: JobErrorInfo;
  finished: Promise<void>;
  settle: () => void;
}

/** Finished jobs kept for GET /api/scans/{id}/. */
const KEEP_FINISHED = 500;

/**
 * The scan queue without Redis: jobs run one at a time in this process, through the same handlers,
 * retries and backoff as the BullMQ worker. Job state lives in memory, which is fine for the
 * single-process setup this is for (a restart forgets finished jobs; their poems are in the database).
 */
@Injectable()
export class InProcessJobQueue implements JobQueue, OnApplicationShutdown {
  readonly kind = 'in-process' as const;
  private readonly logger = new Logger('ScanQueue');
  private readonly jobs = new Map<string, InProcessJob>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly registry: JobHandlerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async assertAvailable(): Promise<void> {
    if (this.closed) throw ScanError.queueUnavailable();
  }

  async hasConsumers(): Promise<boolean> {
    return !this.closed;
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, jobId: string): Promise<void> {
    await this.assertAvailable();
    const existing = this.jobs.get(jobId);
    if (existing && (existing.state === 'queued' || existing.state === 'active')) return;
    this.jobs.delete(jobId);
    let settle!: () => void;
    const finished = new Promise<void>((resolve) => (settle = resolve));
    const job: InProcessJob = {
      id: jobId,
      name,
      payload,
      state: 'queued',
      progress: { pages_done: 0, pages_total: pagesTotalOf(payload) },
      attempts: 0,
      finished,
      settle,
    };
    this.jobs.set(jobId, job);
    this.forgetOldJobs();
    this.schedule(job, 0);
  }

  async status(jobId: string): Promise<JobStatus | null> {
    const job = this.jobs.get(jobId);
    if (!job) return null;
    return {
      job_id: job.id,
      name: job.name,
      state: job.state,
      progress: { ...job.progress },
      attempts: job.attempts,
      ...(job.state === 'completed' ? { result: job.result } : {}),
      ...(job.state === 'failed' ? { error: job.error } : {}),
    };
  }

  async waitUntilFinished<N extends JobName>(jobId: string, signal?: AbortSignal): Promise<JobResult<N>> {
    const job = this.jobs.get(jobId);
    if (!job) throw ScanError.jobNotFound();
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new ScanError('SCAN.JOB_TIMEOUT', 'Stopped waiting for the scan', 504));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      job.finished.then(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
    });
    if (job.state === 'failed') throw errorFromFailure(job.error!);
    return job.result as JobResult<N>;
  }

  onApplicationShutdown(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(job: InProcessJob, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      // One job at a time: extraction is CPU-bound and the API must stay responsive.
      this.running = this.running.then(() => this.run(job));
    }, delayMs);
    this.timers.add(timer);
  }

  private async run(job: InProcessJob): Promise<void> {
    if (this.closed) return;
    job.state = 'active';
    job.attempts++;
    try {
      job.result = await this.registry.get(job.name).handle(job.payload as never, {
        jobId: job.id,
        attempt: job.attempts,
        reportProgress: async (progress) => {
          job.progress = { ...progress };
        },
      });
      job.state = 'completed';
      job.settle();
    } catch (err) {
      const failure = describeJobFailure(err);
      const { attempts, backoffMs } = this.config.scanJobs;
      if (failure.status >= 500 && failure.code === 'SCAN.FAILED') this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      if (failure.retryable && job.attempts < attempts && !this.closed) {
        const delay = backoffMs * 2 ** (job.attempts - 1);
        this.logger.warn(`Scan job ${job.id} failed (${failure.code}); retry ${job.attempts + 1} of ${attempts} in ${delay} ms`);
        job.state = 'queued';
        this.schedule(job, delay);
        return;
      }
      job.state = 'failed';
      job.error = { code: failure.code, message: failure.message, status: failure.status };
      job.settle();
    }
  }

  private forgetOldJobs(): void {
    if (this.jobs.size <= KEEP_FINISHED) return;
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= KEEP_FINISHED) break;
      if (job.state === 'completed' || job.state === 'failed') this.jobs.delete(id);
    }
  }
}
