import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobCatalogueShape, JobName, JobPayload, JobResult } from '../application/ports/job-catalogue.js';
import type { JobQueue, JobState, JobStatus } from '../application/ports/job-queue.port.js';
import { QUEUE_DEFINITION, type QueueDefinition, type QueueSettings } from '../application/queue-definition.js';
import { QueueError } from '../domain/queue.errors.js';
import { decodeFailure } from './bullmq.failure.js';
import type { BullJobEvents } from './bullmq.job-events.js';
import { BULL_EVENTS, BULL_QUEUE, QUEUE_REDIS } from './bullmq.tokens.js';
import { waitForReady } from './redis-connection.js';

/**
 * A waiter hears of its job's end from the queue's events; it also looks at the job this often, in
 * case no event comes (a Redis restarted without its data forgets the job and its events).
 */
const LOOK_AGAIN_MS = 30_000;

/** Retries with exponential backoff; finished jobs are kept a while for status look-ups. */
export function bullJobOptions(settings: QueueSettings) {
  return {
    attempts: settings.attempts,
    backoff: { type: 'exponential' as const, delay: settings.backoffMs },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 1000 },
  };
}

function stateOf(raw: string): JobState {
  if (raw === 'active') return 'active';
  if (raw === 'completed') return 'completed';
  if (raw === 'failed') return 'failed';
  return 'queued'; // waiting, delayed (backoff before a retry), prioritized, waiting-children
}

/** Progress a handler reported; before any, BullMQ answers the number 0. */
function isReported(progress: unknown): progress is object {
  return typeof progress === 'object' && progress !== null;
}

/**
 * The API side of the queue on Redis: it queues jobs on the BullMQ queue @nestjs/bullmq registered
 * (BullModule.registerQueueAsync in queue.module.ts) and reads their state; worker processes
 * (BullJobProcessor) run them, and a job's end reaches a waiting request through the queue's events
 * (BullJobEvents). Any number of API replicas and workers can share it.
 */
@Injectable()
export class BullJobQueue<C extends JobCatalogueShape> implements JobQueue<C>, OnModuleInit, OnApplicationShutdown {
  readonly kind = 'bullmq' as const;
  private readonly logger: Logger;
  private lastErrorLog = 0;

  constructor(
    @Inject(QUEUE_DEFINITION) private readonly definition: QueueDefinition<C>,
    @Inject(BULL_QUEUE) private readonly queue: Queue,
    @Inject(QUEUE_REDIS) private readonly connection: Redis,
    @Inject(BULL_EVENTS) private readonly events: BullJobEvents<C>,
  ) {
    this.logger = new Logger(`${definition.logLabel}Queue`);
    this.connection.on('error', (err) => this.logThrottled(`Redis for the ${definition.logLabel.toLowerCase()} queue: ${err.message}`));
    // A queue without an 'error' listener would throw the connection's errors at the process.
    this.queue.on('error', (err) => this.logThrottled(`${definition.logLabel} queue: ${err.message}`));
  }

  /**
   * The queue, while Redis is connected. Until its first connection BullMQ holds every command back
   * (it checks the server first); the connection's state answers at once instead.
   */
  private bullQueue(): Queue {
    if (this.connection.status !== 'ready') throw QueueError.unavailable();
    return this.queue;
  }

  /** Gives Redis a moment to connect at start-up; the API starts either way. */
  async onModuleInit(): Promise<void> {
    if (!(await waitForReady(this.connection, 3000))) {
      this.logger.warn(`Redis is not reachable: ${this.definition.logLabel.toLowerCase()} jobs cannot be queued until it is.`);
    }
  }

  /** Closes the queue (@nestjs/bullmq's own close later does nothing more), then lets go of Redis. */
  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }

  async assertAvailable(): Promise<void> {
    await this.guard(async () => {
      await this.connection.ping();
    });
  }

  async hasConsumers(): Promise<boolean> {
    return this.guard(async (queue) => {
      try {
        return (await queue.getWorkersCount()) > 0;
      } catch {
        return true; // CLIENT LIST may be forbidden on managed Redis: then we cannot tell, and wait.
      }
    });
  }

  async enqueue<N extends JobName<C>>(name: N, payload: JobPayload<C, N>, jobId: string): Promise<void> {
    await this.guard(async (queue) => {
      const existing = await queue.getJob(jobId);
      if (existing) {
        const state = await existing.getState();
        if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return;
        // Run a finished job again (the same work asked for anew): handlers are idempotent, so the
        // rerun does only what is missing.
        await existing.remove().catch(() => undefined);
      }
      await queue.add(name, payload as object, { jobId });
    });
  }

  async status(jobId: string): Promise<JobStatus<C> | null> {
    return this.guard(async (queue) => {
      // State first, then the job: a job that ends between the two reads is then reported as it
      // was (still running) rather than as completed without the result it was saved with.
      const rawState = await queue.getJobState(jobId);
      if (rawState === 'unknown') return null;
      const job = (await queue.getJob(jobId)) as Job | undefined;
      if (!job) return null;
      const name = job.name as JobName<C>;
      const state = stateOf(rawState);
      // A job of a name the catalogue no longer lists still answers its state.
      const progress = isReported(job.progress) ? job.progress : (this.definition.catalogue[name]?.initialProgress(job.data) ?? {});
      return {
        id: jobId,
        name,
        state,
        progress,
        attempts: job.attemptsStarted ?? job.attemptsMade,
        ...(state === 'completed' ? { result: job.returnvalue } : {}),
        ...(state === 'failed' ? { error: decodeFailure(job.failedReason, this.definition.failurePolicy) } : {}),
      } as JobStatus<C>;
    });
  }

  async waitUntilFinished<N extends JobName<C>>(jobId: string, signal?: AbortSignal): Promise<JobResult<C, N>> {
    const finish = this.events.watch(jobId, signal);
    try {
      for (;;) {
        if (signal?.aborted) throw QueueError.waitAborted(jobId);
        const status = await this.status(jobId);
        if (!status) throw QueueError.jobNotFound(jobId);
        if (status.state === 'completed') return status.result as JobResult<C, N>;
        if (status.state === 'failed') throw QueueError.jobFailed(status.error!);
        await finish.next(LOOK_AGAIN_MS);
      }
    } finally {
      finish.stop();
    }
  }

  /** Any failure while Redis is not connected is the queue being unavailable: 503. */
  private async guard<T>(work: (queue: Queue) => Promise<T>): Promise<T> {
    const queue = this.bullQueue();
    try {
      return await work(queue);
    } catch (err) {
      if (
        this.connection.status !== 'ready' ||
        /ECONNREFUSED|Connection is closed|Stream isn't writeable|MaxRetriesPerRequest/i.test(String((err as Error)?.message))
      ) {
        // The connection reconnects by itself; the queue works again once Redis is back.
        throw QueueError.unavailable();
      }
      throw err;
    }
  }

  private logThrottled(message: string): void {
    const now = Date.now();
    if (now - this.lastErrorLog < 30_000) return;
    this.lastErrorLog = now;
    this.logger.warn(message);
  }
}
