import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobHandlerRegistry } from '../application/job-handler.registry.js';
import type { JobCatalogueShape } from '../application/ports/job-catalogue.js';
import { QUEUE_DEFINITION, type QueueDefinition } from '../application/queue-definition.js';
import { encodeFailure } from './bullmq.failure.js';
import { BULL_QUEUE, QUEUE_REDIS } from './bullmq.tokens.js';

/**
 * BullMQ's lock and stalled-job check for a takeover within `takeoverMs` (settings.lockMs) of a
 * worker's death. A dead worker's lock lapses at most lockDuration after it died; the stalled-job
 * check, run every stalledInterval by any live worker, then moves the job back to wait at its next
 * run. So a takeover comes at most lockDuration + stalledInterval after the death: four fifths and
 * one fifth of the setting. The check is one cheap Redis script.
 *
 * A live worker keeps its lock while its event loop is blocked for less than lockDuration minus half
 * lockRenewTime: BullMQ renews every half lockRenewTime, on a timer that a block delays by its
 * length. Page finding (OpenCV in WebAssembly) blocks the loop for a second or more per page on a
 * busy machine, so lockRenewTime is an eighth of the lock (a cheap Redis script every 3 s in
 * production, every 250 ms at a 5 s setting): blocks of up to 15/16 of the lock are survived, where
 * BullMQ's default (a half) survives 3/4. A longer block loses the lock and the job runs again (at
 * most maxStalledCount times): nothing tells a blocked worker from a dead one.
 */
export function takeoverTimings(takeoverMs: number): { lockDuration: number; lockRenewTime: number; stalledInterval: number } {
  const stalledInterval = Math.max(200, Math.floor(takeoverMs / 5));
  const lockDuration = takeoverMs - stalledInterval;
  return { lockDuration, lockRenewTime: Math.floor(lockDuration / 8), stalledInterval };
}

/**
 * The consuming side of the queue on Redis, run by worker processes: @nestjs/bullmq makes the
 * BullMQ worker of the processor class `bullJobProcessorFor` declares. Handler errors reach BullMQ so
 * it retries those the failure policy calls retryable, with backoff; the others fail at once
 * (UnrecoverableError). A worker that dies mid-job stops renewing its lock, and another worker's
 * stalled-job check takes the job over.
 */
@Injectable()
export abstract class BullJobProcessor<C extends JobCatalogueShape>
  extends WorkerHost
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger: Logger;

  constructor(
    private readonly registry: JobHandlerRegistry<C>,
    @Inject(QUEUE_DEFINITION) private readonly definition: QueueDefinition<C>,
    @Inject(QUEUE_REDIS) private readonly connection: Redis,
    @Inject(BULL_QUEUE) queue: Queue,
  ) {
    super();
    this.logger = new Logger(`${definition.logLabel}Worker`);
    // The worker's own 'error' event (below) reports the connection they share.
    queue.on('error', () => undefined);
  }

  /** Consumes once the whole process is up (the worker is made at module init, not yet running). */
  onApplicationBootstrap(): void {
    const { name, logLabel, settings } = this.definition;
    void this.worker.run().catch((err: Error) => this.logger.error(`Worker stopped: ${err.message}`));
    this.logger.log(
      `Consuming ${logLabel.toLowerCase()} jobs (queue ${settings.queuePrefix}:${name}, concurrency ${settings.concurrency})`,
    );
  }

  /** Lets the running jobs finish, then lets go of Redis (the worker runs on this process's connection). */
  async onApplicationShutdown(): Promise<void> {
    await this.worker.close().catch(() => undefined);
    this.connection.disconnect();
  }

  async process(job: Job): Promise<unknown> {
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

  @OnWorkerEvent('completed')
  completed(job: Job): void {
    this.logger.log(`${this.definition.logLabel} job ${job.id} completed`);
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, err: Error): void {
    this.logger.warn(`${this.definition.logLabel} job ${job?.id} failed: ${err.message}`);
  }

  @OnWorkerEvent('error')
  error(err: Error): void {
    this.logger.warn(`Worker: ${err.message}`);
  }
}

/**
 * The processor class of one queue: @Processor names the queue at class level, and the queue's
 * name and timings come from its user's definition, so the class is declared per definition.
 */
export function bullJobProcessorFor<C extends JobCatalogueShape>({ name, settings }: QueueDefinition<C>): Type<BullJobProcessor<C>> {
  @Processor(name, { autorun: false, concurrency: settings.concurrency, ...takeoverTimings(settings.lockMs), maxStalledCount: 2 })
  class QueueProcessor extends BullJobProcessor<C> {}
  return QueueProcessor;
}
