import { DomainError } from '../../common/domain/domain-error.js';
import type { DomainErrorCode } from '../../common/domain/error-statuses.js';

type ReportErrorCode = Extract<DomainErrorCode, `REPORTS.${string}`>;

/** A report refused, or a report of the inbox not found; the message is for the reader or curator. */
export class ReportError extends DomainError {
  constructor(code: ReportErrorCode, message: string, details?: Record<string, unknown>) {
    super(code, message, details);
  }
}
