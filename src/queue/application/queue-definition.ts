import type { JobCatalogue, JobCatalogueShape } from './ports/job-catalogue.js';
import type { JobFailurePolicy } from './ports/job-failure-policy.port.js';

/** How a queue runs its jobs; the environment variables that set these belong to its user. */
export interface QueueSettings {
  /** Redis key prefix of the BullMQ queue. */
  queuePrefix: string;
  /** Runs of a failing retryable job before it is failed for good. */
  attempts: number;
  /** The wait before the first retry, doubled for each next one. */
  backoffMs: number;
  /** A job whose process died is taken over within this long (a lock on Redis, a lease in the database). */
  lockMs: number;
  /** Jobs one BullMQ worker runs at once. */
  concurrency: number;
}

/** One queue, as its user defines it (QueueModule.register). */
export interface QueueDefinition<C extends JobCatalogueShape> {
  /** The BullMQ queue's name: part of its Redis keys, so a deployed queue keeps it. */
  name: string;
  /** The database queue's table, with the columns of the jobs table's migration (src/database/migrations). */
  table: string;
  /** Names the jobs in log lines: `${logLabel} job <id> completed`, loggers `${logLabel}Queue`, `${logLabel}Worker`. */
  logLabel: string;
  catalogue: JobCatalogue<C>;
  failurePolicy: JobFailurePolicy;
  settings: QueueSettings;
  /** BullMQ on this Redis; without it, jobs are rows of `table`, run by the API process itself. */
  redisUrl?: string;
}

export const QUEUE_DEFINITION = Symbol('QUEUE_DEFINITION');
