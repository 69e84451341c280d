import { ScanError, type JobErrorInfo } from '../jobs/scan.errors.js';

/** HTTP status of the extraction port's error codes (see extraction.port.ts). */
const EXTRACTION_STATUS: Record<string, number> = {
  'EXTRACTION.AI_RATE_LIMITED': 429,
  'EXTRACTION.AI_PAYLOAD_TOO_LARGE': 413,
  'EXTRACTION.AI_PROVIDER_FAILED': 502,
  'EXTRACTION.FAILED': 500,
};

/** Image intake (images/page-image.intake.ts): bad files are the uploader's to fix. */
export const IMAGE_STATUS: Record<string, number> = {
  'IMAGE.UNSUPPORTED_TYPE': 415,
  'IMAGE.EMPTY': 400,
  'IMAGE.UNREADABLE': 400,
};

const CATALOG_STATUS: Record<string, number> = {
  'CATALOG.PUBLICATION_NOT_FOUND': 404,
  'CATALOG.POEM_NOT_FOUND': 404,
  'CATALOG.IN_TRASH': 409,
  'CATALOG.NOT_IN_TRASH': 409,
};

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
  const e = err as { code?: unknown; message?: unknown; status?: unknown; retryable?: unknown; getStatus?: () => number };
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (err instanceof ScanError) {
    const status = err.getStatus();
    return { code: err.code, message, status, retryable: status >= 500 && err.code !== 'SCAN.FAILED' };
  }
  if (code && code in EXTRACTION_STATUS) {
    const status = EXTRACTION_STATUS[code];
    return { code, message, status, retryable: e.retryable === true || status === 429 };
  }
  if (code && code in IMAGE_STATUS) return { code, message, status: IMAGE_STATUS[code], retryable: false };
  if (code && code in CATALOG_STATUS) return { code, message, status: CATALOG_STATUS[code], retryable: false };
  // Typed errors of other modules (image intake) that carry their own 4xx status.
  const status = typeof e?.status === 'number' ? e.status : typeof e?.getStatus === 'function' ? e.getStatus() : undefined;
  if (code && status && status >= 400 && status < 500) return { code, message, status, retryable: false };
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
  return new ScanError(info.code, info.message, info.status);
}
