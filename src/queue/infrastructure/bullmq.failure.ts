import type { JobFailurePolicy } from '../application/ports/job-failure-policy.port.js';
import type { JobFailure } from '../domain/queue.errors.js';

/** Carries a failure through BullMQ, whose failedReason is a plain string. */
export function encodeFailure(failure: JobFailure): string {
  return JSON.stringify({ code: failure.code, message: failure.message, status: failure.status });
}

export function decodeFailure(reason: string | undefined, policy: JobFailurePolicy): JobFailure {
  try {
    const parsed = JSON.parse(reason ?? '') as JobFailure;
    if (typeof parsed.code === 'string' && typeof parsed.message === 'string' && typeof parsed.status === 'number') return parsed;
  } catch {
    // A failure BullMQ itself recorded (stalled too often, lock lost): not ours to decode.
  }
  return policy.unexplained(reason);
}
