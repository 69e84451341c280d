import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ScanError } from '../domain/scan.errors.js';
import { decodeFailure, errorFromFailure } from './job-failure.js';
import { pagesTotalOf, SCAN_QUEUE_NAME, type JobName, type JobPayload, type JobResult } from './job.catalogue.js';
import type { JobProgress, JobQueue, JobState, JobStatus } from './job-queue.port.js';
import { apiRedisConnection, waitForReady } from './redis-connection.js';

const POLL_MS = 300;

/** Retries with exponential backoff; finished jobs are kept a while for GET /api/scans/{id}/. */
export function scanJobOptions(config: AppConfig) {
  return {
    attempts: config.scanJobs.attempts,
    backoff: { type: 'exponential' as const, delay: config.scanJobs.backoffMs },
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

function isProgress(value: unknown): value is JobProgress {
  const p = value as JobProgress;
  return typeof p === 'object' && p !== null && typeof p.pages_done === 'number' && typeof p.pages_total === 'number';
}

/**
 * The API side of the scan queue on Redis (BullMQ): it queues jobs and reads their state; the
 * worker process (src/worker.ts) runs them. Any number of API replicas and workers can share it.
 */
@Injectable()
export class BullJobQueue implements JobQueue, OnModuleInit, OnApplicationShutdown {
  readonly kind = 'bullmq' as const;
  private readonly logger = new Logger('ScanQueue');
  private readonly connection: Redis;
  private queue?: Queue;
  private lastErrorLog = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.connection = apiRedisConnection(config.redisUrl!);
    this.connection.on('error', (err) => this.logThrottled(`Redis for the scan queue: ${err.message}`));
  }

  /**
   * The BullMQ queue, made once Redis is connected: BullMQ checks the server when a queue is made,
   * and a check that failed (Redis down at start-up) would leave that queue unusable for good.
   */
  private bullQueue(): Queue {
    if (this.connection.status !== 'ready') throw ScanError.queueUnavailable();
    if (!this.queue) {
      this.queue = new Queue(SCAN_QUEUE_NAME, {
        connection: this.connection,
        prefix: this.config.scanJobs.queuePrefix,
        defaultJobOptions: scanJobOptions(this.config),
      });
      this.queue.on('error', (err) => this.logThrottled(`Scan queue: ${err.message}`));
    }
    return this.queue;
  }

  /** Gives Redis a moment to connect at start-up; the API starts either way. */
  async onModuleInit(): Promise<void> {
    if (!(await waitForReady(this.connection, 3000))) {
      this.logger.warn('Redis is not reachable: scan endpoints answer 503 until it is.');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close().catch(() => undefined);
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

  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, jobId: string): Promise<void> {
    await this.guard(async (queue) => {
      const existing = await queue.getJob(jobId);
      if (existing) {
        const state = await existing.getState();
        if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return;
        // Run a finished job again (the same photos uploaded anew, e.g. after Start Over): the
        // handler's source keys make the rerun add only what is missing.
        await existing.remove().catch(() => undefined);
      }
      await queue.add(name, payload as object, { jobId });
    });
  }

  async status(jobId: string): Promise<JobStatus | null> {
    return this.guard(async (queue) => {
      const job = (await queue.getJob(jobId)) as Job | undefined;
      if (!job) return null;
      const state = stateOf(await job.getState());
      const progress = isProgress(job.progress) ? job.progress : { pages_done: 0, pages_total: pagesTotalOf(job.data) };
      return {
        job_id: jobId,
        name: job.name as JobName,
        state,
        progress,
        attempts: job.attemptsStarted ?? job.attemptsMade,
        ...(state === 'completed' ? { result: job.returnvalue } : {}),
        ...(state === 'failed' ? { error: decodeFailure(job.failedReason) } : {}),
      };
    });
  }

  async waitUntilFinished<N extends JobName>(jobId: string, signal?: AbortSignal): Promise<JobResult<N>> {
    for (;;) {
      if (signal?.aborted) throw new ScanError('SCAN.JOB_TIMEOUT', 'Stopped waiting for the scan');
      const status = await this.status(jobId);
      if (!status) throw ScanError.jobNotFound();
      if (status.state === 'completed') return status.result as JobResult<N>;
      if (status.state === 'failed') throw errorFromFailure(status.error!);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Any failure while Redis is not connected is the queue being unavailable: 503. */
  private async guard<T>(work: (queue: Queue) => Promise<T>): Promise<T> {
    const queue = this.bullQueue();
    try {
      return await work(queue);
    } catch (err) {
      if (this.connection.status !== 'ready' || /ECONNREFUSED|Connection is closed|Stream isn't writeable|MaxRetriesPerRequest/i.test(String((err as Error)?.message))) {
        // Made again on the next request, once Redis is back.
        if (this.queue === queue) this.queue = undefined;
        void queue.close().catch(() => undefined);
        throw ScanError.queueUnavailable();
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
