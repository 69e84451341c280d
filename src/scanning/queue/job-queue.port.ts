import type { ScanJob, ScanJobProgress, ScanJobState } from '../../../contracts/scanning.js';
import type { JobName, JobPayload, JobResult } from './job.catalogue.js';

export type JobState = ScanJobState;
export type JobProgress = ScanJobProgress;

/** A job as GET /api/scans/{id}/ answers it (contracts/), typed by its name. */
export type JobStatus<N extends JobName = JobName> = Omit<ScanJob, 'name' | 'result'> & {
  name: N;
  result?: JobResult<N>;
};

export interface JobContext {
  jobId: string;
  /** 1 for the first run. */
  attempt: number;
  reportProgress(progress: JobProgress): Promise<void>;
}

/** Runs one kind of job. Exactly one handler per job name (checked at start-up). */
export interface JobHandler<N extends JobName = JobName> {
  readonly jobName: N;
  handle(payload: JobPayload<N>, context: JobContext): Promise<JobResult<N>>;
}

/** The scan queue port: BullMQ on Redis, or in-process when no Redis is configured. */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /** Throws ScanError SCAN.QUEUE_UNAVAILABLE (503) when jobs cannot be queued right now. */
  assertAvailable(): Promise<void>;
  /** Whether anything is consuming jobs now (a synchronous request would otherwise wait for nothing). */
  hasConsumers(): Promise<boolean>;
  /**
   * Queues a job under a caller-chosen id. A job with that id that is still queued or running is
   * joined rather than duplicated; a finished one is run again (handlers are idempotent).
   */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, jobId: string): Promise<void>;
  /** Null when no such job is known. */
  status(jobId: string): Promise<JobStatus | null>;
  /** Resolves with the job's result, or throws a ScanError carrying the job's error. */
  waitUntilFinished<N extends JobName>(jobId: string, signal?: AbortSignal): Promise<JobResult<N>>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
/** Every JobHandler of the process, as one array. */
export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
