import { describe, expect, it } from 'vitest';
import { QueueError } from '../../queue/index.js';
import { ScanError } from '../domain/scan.errors.js';
import { ImageIntakeError } from '../domain/image-intake.error.js';
import { ExtractionError } from './ports/extraction.port.js';
import { asScanError, scanFailurePolicy } from './scan-job.failures.js';

const { describe: describeFailure } = scanFailurePolicy;

describe('scanFailurePolicy: what a scan job records of its error, and whether it runs again', () => {
  it('retries the AI provider limiting us, recorded as 429', () => {
    expect(
      describeFailure(new ExtractionError('EXTRACTION.AI_RATE_LIMITED', 'The AI provider (OpenAI) is limiting requests')),
    ).toMatchObject({
      status: 429,
      retryable: true,
    });
  });

  it('does not retry a payload the AI provider refuses as too large (413)', () => {
    expect(describeFailure(new ExtractionError('EXTRACTION.AI_PAYLOAD_TOO_LARGE', 'too large'))).toMatchObject({
      status: 413,
      retryable: false,
    });
  });

  it('keeps the message that names the AI provider on a 502, and retries it', () => {
    const failure = describeFailure(new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', 'The AI provider (OpenAI) failed: 500', true));
    expect(failure).toMatchObject({ code: 'EXTRACTION.AI_PROVIDER_FAILED', status: 502, retryable: true, unexpected: false });
    expect(failure.message).toMatch(/AI provider/);
  });

  it('fails bad images and a trashed publication at once with their 4xx', () => {
    expect(describeFailure(new ImageIntakeError('IMAGE.UNSUPPORTED_TYPE', 'page_0 is a PDF document.'))).toMatchObject({
      status: 415,
      retryable: false,
    });
    expect(describeFailure(new ImageIntakeError('IMAGE.UNREADABLE', 'broken'))).toMatchObject({ status: 400, retryable: false });
    expect(describeFailure(ScanError.publicationInTrash())).toMatchObject({ status: 409, retryable: false });
  });

  it('retries the unexpected, logs its stack and reports it without internals', () => {
    const failure = describeFailure(new TypeError("Cannot read properties of undefined (reading 'rows')"));
    expect(failure).toEqual({
      code: 'SCAN.FAILED',
      message: 'Scanning the pages failed unexpectedly. Please try again.',
      status: 500,
      retryable: true,
      unexpected: true,
    });
  });

  it('names the jobs the queue gave up on as scan failures', () => {
    expect(scanFailurePolicy.interrupted()).toEqual({
      code: 'SCAN.FAILED',
      message: 'Scanning was interrupted too often. Please try again.',
      status: 500,
    });
    expect(scanFailurePolicy.unexplained('job stalled more than allowable limit')).toEqual({
      code: 'SCAN.FAILED',
      message: 'Scanning failed: job stalled more than allowable limit',
      status: 500,
    });
    expect(scanFailurePolicy.unexplained(undefined).message).toBe('Scanning failed');
  });
});

describe("asScanError: the queue's errors as the scanning endpoints answer them", () => {
  it('names the scan queue when the queue is unavailable (503)', () => {
    const err = asScanError(QueueError.unavailable()) as ScanError;
    expect(err).toBeInstanceOf(ScanError);
    expect(err).toMatchObject({ code: 'SCAN.QUEUE_UNAVAILABLE', status: 503 });
    expect(err.message).toBe('The scan queue (Redis) is unavailable, so pages cannot be scanned right now. Please try again later.');
  });

  it('answers a failed job with the code, message and status it failed with', () => {
    const err = asScanError(QueueError.jobFailed({ code: 'EXTRACTION.AI_RATE_LIMITED', message: 'slow down', status: 429 })) as ScanError;
    expect(err).toBeInstanceOf(ScanError);
    expect(err).toMatchObject({ code: 'EXTRACTION.AI_RATE_LIMITED', message: 'slow down', status: 429 });
  });

  it('answers a job gone while waited on, and a wait given up, in scan terms', () => {
    expect(asScanError(QueueError.jobNotFound('scan-1-aa'))).toMatchObject({
      code: 'SCAN.JOB_NOT_FOUND',
      message: 'Scan job not found',
      status: 404,
    });
    expect(asScanError(QueueError.waitAborted('scan-1-aa'))).toMatchObject({
      code: 'SCAN.JOB_TIMEOUT',
      message: 'Stopped waiting for the scan',
      status: 504,
    });
  });

  it('leaves any other error as it is', () => {
    const other = new Error('socket hang up');
    expect(asScanError(other)).toBe(other);
  });
});
