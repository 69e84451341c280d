import type { JobFailure } from '../../domain/queue.errors.js';
import type { JobCatalogueShape, JobName, JobPayload, JobProgress, JobResult } from './job-catalogue.js';

export type JobState = 'queued' | 'active' | 'completed' | 'failed';

/** A job as its queue knows it, typed by its name. */
export type JobStatus<C extends JobCatalogueShape> = {
  [N in JobName<C>]: {
    id: string;
    name: N;
    state: JobState;
    progress: JobProgress<C, N>;
    /** Runs started so far: a retry, or a takeover of a dead process's run, adds one. */
    attempts: number;
    /** Once completed. */
    result?: JobResult<C, N>;
    /** Once failed. */
    error?: JobFailure;
  };
}[JobName<C>];

export interface JobContext<P extends object = object> {
  jobId: string;
  /** 1 for the first run. */
  attempt: number;
  reportProgress(progress: P): Promise<void>;
}

/** Runs one kind of job. Exactly one handler per job name (checked at start-up). */
export interface JobHandler<C extends JobCatalogueShape, N extends JobName<C> = JobName<C>> {
  readonly jobName: N;
  handle(payload: JobPayload<C, N>, context: JobContext<JobProgress<C, N>>): Promise<JobResult<C, N>>;
}

/** The queue: BullMQ on Redis, or rows of the application's database run in-process when there is no Redis. */
export interface JobQueue<C extends JobCatalogueShape> {
  readonly kind: 'bullmq' | 'in-process';
  /** Throws QueueError QUEUE.UNAVAILABLE when jobs cannot be queued right now. */
  assertAvailable(): Promise<void>;
  /** Whether anything is consuming jobs now (a caller waiting for a job would otherwise wait for nothing). */
  hasConsumers(): Promise<boolean>;
  /**
   * Queues a job under a caller-chosen id. A job with that id that is still queued or running is
   * joined rather than duplicated; a finished one is run again (handlers must be idempotent).
   */
  enqueue<N extends JobName<C>>(name: N, payload: JobPayload<C, N>, jobId: string): Promise<void>;
  /** Null when no such job is known. */
  status(jobId: string): Promise<JobStatus<C> | null>;
  /**
   * Resolves with the job's result. Throws QueueError: QUEUE.JOB_FAILED carrying the job's recorded
   * failure, QUEUE.JOB_NOT_FOUND, or QUEUE.WAIT_ABORTED once `signal` aborts.
   */
  waitUntilFinished<N extends JobName<C>>(jobId: string, signal?: AbortSignal): Promise<JobResult<C, N>>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
/** Every JobHandler of the queue, as one array. */
export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
