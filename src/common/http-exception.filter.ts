import type { ErrorBody } from '../../contracts/errors.js';
import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from './database-unavailable.js';
import { DomainError } from './domain/domain-error.js';

/**
 * The one place errors become HTTP answers. Every error answers JSON with the human message in
 * `message`, `error` and `detail`, because the spec's client reads each of those in different
 * screens (toasts read message, detail alerts read error, session handling reads detail).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, message, code, extra, retryAfter } = describe(exception);
    // An unexpected failure gets its stack; an expected one (a known code: AI provider down, queue
    // unreachable) one line, so an outage does not bury the log in identical traces.
    if (status >= 500 && code) this.logger.warn(`${status} ${code}: ${message}`);
    else if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (res.headersSent) return;
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    // An error is never worth caching (and a 503 must be asked again after Retry-After).
    res.setHeader('Cache-Control', 'no-store');
    const body: ErrorBody = { statusCode: status, error: message, message, detail: message, ...(code ? { code } : {}), ...extra };
    res.status(status).json(body);
  }
}

interface Answer {
  status: number;
  message: string;
  code?: string;
  extra?: Record<string, unknown>;
  /** Seconds for the Retry-After header. */
  retryAfter?: number;
}

function describe(exception: unknown): Answer {
  const answer = describeError(exception);
  const ownRetry = (exception as { retryAfterSeconds?: unknown })?.retryAfterSeconds;
  return typeof ownRetry === 'number' ? { ...answer, retryAfter: ownRetry } : answer;
}

function describeError(exception: unknown): Answer {
  if (exception instanceof DomainError) {
    return { status: exception.status, message: exception.message, code: exception.code, extra: exception.details };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const cause = exception.cause as { type?: string } | undefined;
    if (cause instanceof SyntaxError && cause.type === 'entity.parse.failed') {
      return { status: 400, message: `Malformed JSON in request body: ${cause.message}` };
    }
    if (cause?.type === 'entity.too.large') return { status: 413, message: 'Request body is too large' };
    const body = exception.getResponse();
    let message = exception.message;
    let extra: Record<string, unknown> | undefined;
    if (typeof body === 'object' && body !== null) {
      const raw = (body as { message?: unknown }).message;
      message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : message;
      const { message: _m, error: _e, statusCode: _s, ...rest } = body as Record<string, unknown>;
      extra = Object.keys(rest).length ? rest : undefined;
    }
    const ownCode = (exception as unknown as { code?: unknown }).code;
    const code = typeof ownCode === 'string' ? ownCode : undefined;
    return { status, message, code, extra };
  }
  // An outage, not a bug: the client may try again, and health says the same (503).
  if (isDatabaseUnavailable(exception)) {
    return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, code: DATABASE_UNAVAILABLE, retryAfter: DATABASE_RETRY_AFTER_SECONDS };
  }
  // Errors raised by Express middleware (body parser, multer) carry their own 4xx status.
  const err = exception as { status?: unknown; statusCode?: unknown; type?: string; code?: string; message?: string };
  const status = Number(err?.status ?? err?.statusCode);
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    if (err.type === 'entity.parse.failed' || exception instanceof SyntaxError) {
      return { status: 400, message: `Malformed JSON in request body: ${err.message}` };
    }
    if (err.type === 'entity.too.large') return { status: 413, message: 'Request body is too large' };
    return { status, message: err.message || STATUS_CODES[status] || 'Bad request' };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
}
