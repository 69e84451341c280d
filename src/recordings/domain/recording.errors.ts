import { DomainError } from '../../common/domain/domain-error.js';
import type { DomainErrorCode } from '../../common/domain/error-statuses.js';

type RecordingCode = Extract<DomainErrorCode, `RECORDING.${string}`>;

export class RecordingError extends DomainError {
  constructor(code: RecordingCode, message: string, details?: Record<string, unknown>) {
    super(code, message, details);
  }

  static notFound(id: number | string): RecordingError {
    return new RecordingError('RECORDING.NOT_FOUND', `There is no recording ${id}.`);
  }

  static tooLarge(maxBytes: number): RecordingError {
    const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
    return new RecordingError('RECORDING.TOO_LARGE', `This recording is too large: a recording may be at most ${mb} MB.`, {
      max_bytes: maxBytes,
    });
  }
}
