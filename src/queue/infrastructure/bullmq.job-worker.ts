import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobHandlerRegistry } from '../application/job-handler.registry.js';
import type { JobCatalogueShape } from '../application/ports/job-catalogue.js';
import { QUEUE_DEFINITION, type QueueDefinition } from '../application/queue-definition.js';
import { encodeFailure } from './bullmq.failure.js';
import { workerRedisConnection } from './redis-connection.js';

/**
 * BullMQ's lock and stalled-job check for a takeover within `takeoverMs` (settings.lockMs) of a
 * worker's death. A dead worker's lock lapses at most lockDuration after it died; the stalled-job
 * check, run every stalledInterval by any live worker, then moves the job back to wait at its next
 * run. So a takeover comes at most lockDuration + stalledInterval after the death: four fifths and
 * one fifth of the setting. The check is one cheap Redis script; the lock is kept long because a
 * live worker must renew it (every half lockDuration) while a CPU-bound handler keeps its event loop busy.
 */
export function takeoverTimings(takeoverMs: number): { lockDuration: number; stalledInterval: number } {
  const stalledInterval = Math.max(200, Math.floor(takeoverMs / 5));
  return { lockDuration: takeoverMs - stalledInterval, stalledInterval };
}

/**
 * The consuming side of the queue on Redis, run by worker processes. Handler errors reach BullMQ so
 * it retries those the failure policy calls retryable, with backoff; the others fail at once
 * (UnrecoverableError). A worker that dies mid-job stops renewing its lock, and another worker's
 * stalled-job check takes the job over.
 */
@Injectable()
export class BullJobWorker<C extends JobCatalogueShape> implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private connection?: Redis;
  private worker?: Worker;

  constructor(
    private readonly registry: JobHandlerRegistry<C>,
    @Inject(QUEUE_DEFINITION) private readonly definition: QueueDefinition<C>,
  ) {
    this.logger = new Logger(`${definition.logLabel}Worker`);
  }

  onApplicationBootstrap(): void {
    const { name, logLabel, settings } = this.definition;
    const { queuePrefix, lockMs, concurrency } = settings;
    this.connection = workerRedisConnection(this.definition.redisUrl!);
    this.connection.on('error', (err) => this.logger.warn(`Redis: ${err.message}`));
    this.worker = new Worker(name, (job) => this.process(job), {
      connection: this.connection,
      prefix: queuePrefix,
      concurrency,
      ...takeoverTimings(lockMs),
      maxStalledCount: 2,
    });
    this.worker.on('error', (err) => this.logger.warn(`Worker: ${err.message}`));
    this.worker.on('failed', (job, err) => this.logger.warn(`${logLabel} job ${job?.id} failed: ${err.message}`));
    this.worker.on('completed', (job) => this.logger.log(`${logLabel} job ${job.id} completed`));
    this.logger.log(`Consuming ${logLabel.toLowerCase()} jobs (queue ${queuePrefix}:${name}, concurrency ${concurrency})`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    this.connection?.disconnect();
  }

  private async process(job: Job): Promise<unknown> {
    const handler = this.registry.get(job.name);
    this.logger.log(`${this.definition.logLabel} job ${job.id} (${job.name}) started, attempt ${job.attemptsStarted}`);
    try {
      return await handler.handle(job.data as never, {
        jobId: job.id!,
        attempt: job.attemptsStarted,
        reportProgress: (progress: object) => job.updateProgress({ ...progress }),
      });
    } catch (err) {
      const failure = this.definition.failurePolicy.describe(err);
      if (failure.unexpected) this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      const reason = encodeFailure(failure);
      throw failure.retryable ? new Error(reason) : new UnrecoverableError(reason);
    }
  }
}
