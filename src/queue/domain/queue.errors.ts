import { DomainError } from '../../common/domain/domain-error.js';

export type QueueErrorCode = 'QUEUE.UNAVAILABLE' | 'QUEUE.JOB_NOT_FOUND' | 'QUEUE.WAIT_ABORTED' | 'QUEUE.JOB_FAILED';

/** What a failed job recorded: the code, message and status a caller waiting on it answers with. */
export interface JobFailure {
  code: string;
  message: string;
  status: number;
}

/**
 * The queue could not do what was asked, or a job it ran failed. The queue's user translates these
 * into errors of its own, in its own words; `failure` is what a failed job recorded.
 */
export class QueueError extends DomainError {
  private constructor(
    code: QueueErrorCode,
    message: string,
    readonly failure?: JobFailure,
  ) {
    super(code, message);
  }

  /** Jobs can be neither queued nor looked up now (Redis down, or the process shutting down). */
  static unavailable(): QueueError {
    return new QueueError('QUEUE.UNAVAILABLE', 'The job queue is unavailable right now. Please try again later.');
  }
  /** The job waited on is no longer known. */
  static jobNotFound(jobId: string): QueueError {
    return new QueueError('QUEUE.JOB_NOT_FOUND', `Job ${jobId} not found`);
  }
  /** The caller stopped waiting; the job itself goes on. */
  static waitAborted(jobId: string): QueueError {
    return new QueueError('QUEUE.WAIT_ABORTED', `Stopped waiting for job ${jobId}`);
  }
  static jobFailed(failure: JobFailure): QueueError {
    return new QueueError('QUEUE.JOB_FAILED', failure.message, failure);
  }
}
