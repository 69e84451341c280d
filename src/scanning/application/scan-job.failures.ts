import { DomainError } from '../../common/domain/domain-error.js';
import type { DomainErrorCode } from '../../common/domain/error-statuses.js';
import { QueueError, type JobFailurePolicy } from '../../queue/index.js';
import { ScanError } from '../domain/scan.errors.js';
import { ExtractionError } from './ports/extraction.port.js';

/**
 * What a scan job's error means for the job and for the person waiting on it. Domain errors keep
 * their code, message and status; bad input (any 4xx but a rate limit) fails at once; anything
 * unexpected is retried and, if it persists, reported without internals.
 */
export const scanFailurePolicy: JobFailurePolicy = {
  describe(err) {
    if (err instanceof DomainError) {
      const { code, message, status } = err;
      // Bad input fails at once; a provider's hiccup, a rate limit or an outage is worth another run.
      const retryable = err instanceof ExtractionError ? err.retryable || status === 429 : status >= 500 && code !== 'SCAN.FAILED';
      return { code, message, status, retryable, unexpected: code === 'SCAN.FAILED' };
    }
    return {
      code: 'SCAN.FAILED',
      message: 'Scanning the pages failed unexpectedly. Please try again.',
      status: 500,
      retryable: true,
      unexpected: true,
    };
  },
  interrupted: () => ({ code: 'SCAN.FAILED', message: 'Scanning was interrupted too often. Please try again.', status: 500 }),
  unexplained: (reason) => ({ code: 'SCAN.FAILED', message: reason ? `Scanning failed: ${reason}` : 'Scanning failed', status: 500 }),
};

/**
 * The queue's errors in scanning's words, as the HTTP answers give them; any other error as it is.
 * A failed job answers with the code it failed with, which may be another module's (an image the
 * intake refused, an AI provider's error): the code came from scanFailurePolicy, so it is one of the table's.
 */
export function asScanError(err: unknown): unknown {
  if (!(err instanceof QueueError)) return err;
  switch (err.code) {
    case 'QUEUE.UNAVAILABLE':
      return ScanError.queueUnavailable();
    case 'QUEUE.JOB_NOT_FOUND':
      return ScanError.jobNotFound();
    case 'QUEUE.WAIT_ABORTED':
      return new ScanError('SCAN.JOB_TIMEOUT', 'Stopped waiting for the scan');
    default:
      return err.failure ? new ScanError(err.failure.code as DomainErrorCode, err.failure.message) : err;
  }
}
