/** The wizard's error texts of SPEC section 8, chosen from a failure. */
import { MSG } from '../messages.js';
import { ApiError, serverDetailField, serverErrorField, serverText } from '../providers/api-error.js';

const E = MSG.errors;

export type Outcome = { message: string; toLogin: boolean };

const mentionsAi = (text: string) => /\b(openai|ai provider|ai service|vision model|model)\b/i.test(text);

function fiveHundred(err: ApiError): string {
  const text = `${serverText(err) ?? ''} ${err.message}`;
  return mentionsAi(text) ? E.aiService : E.backendIssue;
}

/** Metadata extraction answered without success (HTTP 200 or an error status with a body). */
export function metadataNonSuccess(status: number, error: string | undefined): string {
  const reason =
    status === 403 ? E.metaAccessDenied : status === 500 ? E.metaServer : status === 413 ? E.metaTooLarge : error || E.tryAgain;
  return `${reason} ${E.proceedManually}`;
}

/** Metadata extraction threw: auth goes to login; the rest alerts and continues to step 2. */
export function metadataException(err: unknown): Outcome {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 403) return { message: E.authFailed, toLogin: true };
    if (err.status === 429) return { message: E.tooManyRequests, toLogin: false };
    if (err.status === 413) return { message: E.filesTooLarge, toLogin: false };
    if (err.status >= 500) return { message: fiveHundred(err), toLogin: false };
    if (err.isNetwork) return { message: E.cannotConnect, toLogin: false };
    if (err.body && typeof err.body === 'object' && 'success' in err.body) {
      return { message: metadataNonSuccess(err.status, serverErrorField(err)), toLogin: false };
    }
    return { message: `${serverText(err) ?? err.message} ${E.proceedManually}`, toLogin: false };
  }
  return { message: `${err instanceof Error ? err.message : E.tryAgain} ${E.proceedManually}`, toLogin: false };
}

/** Creating the publication failed: 'Failed to create publication. ' plus the reason. */
export function createFailure(err: unknown): string {
  let reason: string = E.tryAgain;
  if (err instanceof ApiError) {
    const detail = serverDetailField(err) ?? '';
    if (err.status === 403 && /csrf/i.test(detail)) reason = E.csrfExpired;
    else if (err.status === 403) reason = E.accessDenied;
    else if (err.status === 401) reason = E.authRequired;
    else reason = serverText(err) ?? (err.message || E.tryAgain);
  } else if (err instanceof Error && err.message) {
    reason = err.message;
  }
  return E.createPrefix + reason;
}

/** A batch scan failed. */
export function scanFailure(err: unknown): Outcome {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 403) return { message: E.authFailed, toLogin: true };
    if (err.status === 429) return { message: E.tooManyRequests, toLogin: false };
    if (err.status === 413) return { message: E.filesTooLarge, toLogin: false };
    if (err.status >= 500) return { message: fiveHundred(err), toLogin: false };
    if (err.isNetwork) return { message: E.batchNetwork, toLogin: false };
    const text = serverText(err);
    if (text) return { message: text, toLogin: false };
  }
  return { message: E.batchDefault, toLogin: false };
}

/** Clear, save draft and publish: 'Error ...' with the server error or 'Please try again.' */
export function actionFailure(prefix: string, err: unknown): string {
  return `${prefix}: ${serverErrorField(err) ?? serverText(err) ?? E.tryAgain}`;
}
