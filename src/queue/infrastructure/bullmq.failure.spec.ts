import { describe, expect, it } from 'vitest';
import type { JobFailurePolicy } from '../application/ports/job-failure-policy.port.js';
import { decodeFailure, encodeFailure } from './bullmq.failure.js';

const policy: JobFailurePolicy = {
  describe: () => ({ code: 'MAIL.FAILED', message: 'Sending failed.', status: 500, retryable: true, unexpected: true }),
  interrupted: () => ({ code: 'MAIL.FAILED', message: 'Interrupted.', status: 500 }),
  unexplained: (reason) => ({ code: 'MAIL.FAILED', message: `Sending failed: ${reason ?? 'no reason given'}`, status: 500 }),
};

describe('failures carried through BullMQ', () => {
  it('round-trip as code, message and status', () => {
    const failure = { code: 'MAIL.RATE_LIMITED', message: 'slow down', status: 429 };
    expect(decodeFailure(encodeFailure(failure), policy)).toEqual(failure);
  });

  it("describes BullMQ's own reasons (a job stalled too often) as the policy says", () => {
    expect(decodeFailure('job stalled more than allowable limit', policy)).toEqual({
      code: 'MAIL.FAILED',
      message: 'Sending failed: job stalled more than allowable limit',
      status: 500,
    });
    expect(decodeFailure(undefined, policy).message).toBe('Sending failed: no reason given');
    expect(decodeFailure('{"code":"MAIL.X"}', policy).code).toBe('MAIL.FAILED');
  });
});
