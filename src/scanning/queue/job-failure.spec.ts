import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../application/ports/extraction.port.js';
import { ImageIntakeError } from '../images/page-image.intake.js';
import { ScanError } from '../domain/scan.errors.js';
import { decodeFailure, describeJobFailure, encodeFailure, errorFromFailure } from './job-failure.js';

describe('describeJobFailure', () => {
  it('maps the AI provider limiting us to 429, retried', () => {
    expect(describeJobFailure(new ExtractionError('EXTRACTION.AI_RATE_LIMITED', 'The AI provider (OpenAI) is limiting requests'))).toMatchObject({
      status: 429,
      retryable: true,
    });
  });

  it('maps a payload the AI provider refuses as too large to 413, not retried', () => {
    expect(describeJobFailure(new ExtractionError('EXTRACTION.AI_PAYLOAD_TOO_LARGE', 'too large'))).toMatchObject({ status: 413, retryable: false });
  });

  it('keeps the message that names the AI provider on a 502', () => {
    const failure = describeJobFailure(new ExtractionError('EXTRACTION.AI_PROVIDER_FAILED', 'The AI provider (OpenAI) failed: 500', true));
    expect(failure).toMatchObject({ code: 'EXTRACTION.AI_PROVIDER_FAILED', status: 502, retryable: true });
    expect(failure.message).toMatch(/AI provider/);
  });

  it('fails bad images at once with their 4xx', () => {
    expect(describeJobFailure(new ImageIntakeError('IMAGE.UNSUPPORTED_TYPE', 'page_0 is a PDF document.'))).toMatchObject({ status: 415, retryable: false });
    expect(describeJobFailure(new ImageIntakeError('IMAGE.UNREADABLE', 'broken'))).toMatchObject({ status: 400, retryable: false });
    expect(describeJobFailure(ScanError.publicationInTrash())).toMatchObject({ status: 409, retryable: false });
  });

  it('retries the unexpected and reports it without internals', () => {
    const failure = describeJobFailure(new TypeError("Cannot read properties of undefined (reading 'rows')"));
    expect(failure).toMatchObject({ code: 'SCAN.FAILED', status: 500, retryable: true });
    expect(failure.message).not.toMatch(/rows/);
  });
});

describe('failures carried through BullMQ', () => {
  it('round-trip as code, message and status', () => {
    const info = { code: 'EXTRACTION.AI_RATE_LIMITED', message: 'slow down', status: 429 };
    expect(decodeFailure(encodeFailure(info))).toEqual(info);
    const err = errorFromFailure(info);
    expect(err.status).toBe(429);
    expect(err.code).toBe('EXTRACTION.AI_RATE_LIMITED');
  });

  it("reads BullMQ's own reasons (a job stalled too often) as a 500 scan failure", () => {
    expect(decodeFailure('job stalled more than allowable limit')).toEqual({
      code: 'SCAN.FAILED',
      message: 'Scanning failed: job stalled more than allowable limit',
      status: 500,
    });
  });
});
