import type { JobFailure } from '../../domain/queue.errors.js';

/** A handler's error as the queue records it, and what the queue does about it. */
export interface DescribedFailure extends JobFailure {
  /** Another run may succeed (an outage, a rate limit); bad input never does. */
  retryable: boolean;
  /** Nobody anticipated it: the queue logs its stack, which the recorded failure leaves out. */
  unexpected: boolean;
}

/**
 * How the user of a queue reads its jobs' failures. The queue knows none of its users' error
 * classes: it records, retries and logs as this policy says.
 */
export interface JobFailurePolicy {
  describe(err: unknown): DescribedFailure;
  /** A job given up because the processes running it kept stopping or dying mid-run. */
  interrupted(): JobFailure;
  /** A failure BullMQ recorded itself (stalled too often, lock lost), with the reason it gave. */
  unexplained(reason: string | undefined): JobFailure;
}
