import { statusOfCode, type DomainErrorCode } from './error-statuses.js';

/**
 * A rule of the archive was broken: a stable code the API answers with, a message for people and,
 * where it helps, details (which ids were wrong). The HTTP status comes from the one table of
 * codes, so no module decides statuses on its own and the exception filter maps them all alike.
 */
export abstract class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Extra fields for the error answer. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  get status(): number {
    return statusOfCode(this.code);
  }
}
