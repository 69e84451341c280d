import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { describeJobFailure, encodeFailure } from './job-failure.js';
import { JobHandlerRegistry } from './job-handler.registry.js';
import { SCAN_QUEUE_NAME, type JobName } from './job.catalogue.js';
import type { JobProgress } from './job-queue.port.js';
import { workerRedisConnection } from './redis-connection.js';

/**
 * BullMQ's lock and stalled-job check for a takeover within `takeoverMs` (SCAN_JOB_LOCK_MS) of a
 * worker's death. A dead worker's lock lapses at most lockDuration after it died; the stalled-job
 * check, run every stalledInterval by any live worker, then moves the job back to wait at its next
 * run. So a takeover comes at most lockDuration + stalledInterval after the death: four fifths and
 * one fifth of the setting. The check is one cheap Redis script; the lock is kept long because a
 * live worker must renew it (every half lockDuration) while extraction keeps its event loop busy.
 */
export function takeoverTimings(takeoverMs: number): { lockDuration: number; stalledInterval: number } {
  const stalledInterval = Math.max(200, Math.floor(takeoverMs / 5));
  return { lockDuration: takeoverMs - stalledInterval, stalledInterval };
}

/**
 * The consuming side of the scan queue, run by the worker process. Handler errors reach BullMQ so it
 * retries them with backoff; bad input fails at once (UnrecoverableError). A worker that dies
 * mid-job stops renewing its lock, and another worker's stalled-job check takes the job over.
 */
@Injectable()
export class BullJobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ScanWorker');
  private connection?: Redis;
  private worker?: Worker;

  constructor(
    private readonly registry: JobHandlerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { queuePrefix, lockMs, concurrency } = this.config.scanJobs;
    this.connection = workerRedisConnection(this.config.redisUrl!);
    this.connection.on('error', (err) => this.logger.warn(`Redis: ${err.message}`));
    this.worker = new Worker(SCAN_QUEUE_NAME, (job) => this.process(job), {
      connection: this.connection,
      prefix: queuePrefix,
      concurrency,
      ...takeoverTimings(lockMs),
      maxStalledCount: 2,
    });
    this.worker.on('error', (err) => this.logger.warn(`Worker: ${err.message}`));
    this.worker.on('failed', (job, err) => this.logger.warn(`Scan job ${job?.id} failed: ${err.message}`));
    this.worker.on('completed', (job) => this.logger.log(`Scan job ${job.id} completed`));
    this.logger.log(`Consuming scan jobs (queue ${queuePrefix}:${SCAN_QUEUE_NAME}, concurrency ${concurrency})`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    this.connection?.disconnect();
  }

  private async process(job: Job): Promise<unknown> {
    const handler = this.registry.get(job.name as JobName);
    this.logger.log(`Scan job ${job.id} (${job.name}) started, attempt ${job.attemptsStarted}`);
    try {
      return await handler.handle(job.data as never, {
        jobId: job.id!,
        attempt: job.attemptsStarted,
        reportProgress: (progress: JobProgress) => job.updateProgress({ ...progress }),
      });
    } catch (err) {
      const failure = describeJobFailure(err);
      if (failure.code === 'SCAN.FAILED') this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      const reason = encodeFailure(failure);
      throw failure.retryable ? new Error(reason) : new UnrecoverableError(reason);
    }
  }
}
