import { DomainError } from '../../common/domain/domain-error.js';
import type { DomainErrorCode } from '../../common/domain/error-statuses.js';
import { ExtractionError } from '../application/ports/extraction.port.js';
import type { ScanJobError as JobErrorInfo } from '../../../contracts/scanning.js';
import { ScanError } from '../domain/scan.errors.js';

export interface JobFailure extends JobErrorInfo {
  /** Worth another run: provider hiccups and unexpected faults, never bad input. */
  retryable: boolean;
}

/**
 * What a job's error means for the job and for the person waiting on it. Domain errors keep their
 * code, message and status; bad input (any 4xx but a rate limit) fails at once; anything unexpected
 * is retried and, if it persists, reported without internals.
 */
export function describeJobFailure(err: unknown): JobFailure {
  if (err instanceof DomainError) {
    const { code, message, status } = err;
    // Bad input fails at once; a provider's hiccup, a rate limit or an outage is worth another run.
    const retryable = err instanceof ExtractionError ? err.retryable || status === 429 : status >= 500 && code !== 'SCAN.FAILED';
    return { code, message, status, retryable };
  }
  return {
    code: 'SCAN.FAILED',
    message: 'Scanning the pages failed unexpectedly. Please try again.',
    status: 500,
    retryable: true,
  };
}

/** Carries a failure through BullMQ, whose failedReason is a plain string. */
export function encodeFailure(failure: JobErrorInfo): string {
  return JSON.stringify({ code: failure.code, message: failure.message, status: failure.status });
}

export function decodeFailure(reason: string | undefined): JobErrorInfo {
  try {
    const parsed = JSON.parse(reason ?? '') as JobErrorInfo;
    if (typeof parsed.code === 'string' && typeof parsed.message === 'string' && typeof parsed.status === 'number') return parsed;
  } catch {
    // A failure BullMQ itself recorded (stalled too often, lock lost): not ours to decode.
  }
  return { code: 'SCAN.FAILED', message: reason ? `Scanning failed: ${reason}` : 'Scanning failed', status: 500 };
}

/** The error a waiting request answers with: the job's own code, message and status. */
export function errorFromFailure(info: JobErrorInfo): ScanError {
  // The code came from describeJobFailure, so it is one of the table's.
  return new ScanError(info.code as DomainErrorCode, info.message);
}
