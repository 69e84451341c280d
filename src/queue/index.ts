/**
 * The job queue's public surface: QueueModule (its register binds one queue), the port its users
 * inject (JOB_QUEUE), the types they define their jobs, handlers and failure policy with, and the
 * error it throws. Other modules import from here only (checked by dependency-cruiser).
 */
export { QueueModule } from './queue.module.js';
export type { JobCatalogue, JobName, JobResult } from './application/ports/job-catalogue.js';
export type { JobFailurePolicy } from './application/ports/job-failure-policy.port.js';
export { JOB_QUEUE } from './application/ports/job-queue.port.js';
export type { JobContext, JobHandler, JobQueue, JobStatus } from './application/ports/job-queue.port.js';
export { QueueError } from './domain/queue.errors.js';
