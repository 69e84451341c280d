/** The wizard's error texts of SPEC section 8, chosen from a failure and worded by `t` (the i18n provider's translate). */
import { ApiError, isNetworkError, serverField, serverText } from '../../../contracts/errors.js';

export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type Outcome = { message: string; toLogin: boolean };

const mentionsAi = (text: string) => /\b(openai|ai provider|ai service|vision model|model)\b/i.test(text);

function fiveHundred(err: ApiError, t: Translate): string {
  const text = `${serverText(err) ?? ''} ${err.message}`;
  return t(mentionsAi(text) ? 'archive.errors.ai_service' : 'archive.errors.backend_issue');
}

/** Metadata extraction answered without success (HTTP 200 or an error status with a body). */
export function metadataNonSuccess(status: number, error: string | undefined, t: Translate): string {
  const reason =
    status === 403
      ? t('archive.errors.meta_access_denied')
      : status === 500
        ? t('archive.errors.meta_server')
        : status === 413
          ? t('archive.errors.meta_too_large')
          : error || t('archive.errors.try_again');
  return `${reason} ${t('archive.errors.proceed_manually')}`;
}

/** Metadata extraction threw: auth goes to login; the rest is shown and the wizard continues to step 2. */
export function metadataException(err: unknown, t: Translate): Outcome {
  const proceed = t('archive.errors.proceed_manually');
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 403) return { message: t('archive.errors.auth_failed'), toLogin: true };
    if (err.status === 429) return { message: t('archive.errors.too_many_requests'), toLogin: false };
    if (err.status === 413) return { message: t('archive.errors.files_too_large'), toLogin: false };
    if (err.status >= 500) return { message: fiveHundred(err, t), toLogin: false };
    if (isNetworkError(err)) return { message: t('archive.errors.cannot_connect'), toLogin: false };
    if (err.body && typeof err.body === 'object' && 'success' in err.body) {
      return { message: metadataNonSuccess(err.status, serverField(err, 'error'), t), toLogin: false };
    }
    return { message: `${serverText(err) ?? err.message} ${proceed}`, toLogin: false };
  }
  return { message: `${err instanceof Error ? err.message : t('archive.errors.try_again')} ${proceed}`, toLogin: false };
}

/** Creating the publication failed: 'Failed to create publication. ' plus the reason. */
export function createFailure(err: unknown, t: Translate): string {
  let reason = t('archive.errors.try_again');
  if (err instanceof ApiError) {
    const detail = serverField(err, 'detail') ?? '';
    if (err.status === 403 && /csrf/i.test(detail)) reason = t('archive.errors.csrf_expired');
    else if (err.status === 403) reason = t('archive.errors.access_denied');
    else if (err.status === 401) reason = t('archive.errors.auth_required');
    else reason = serverText(err) ?? (err.message || reason);
  } else if (err instanceof Error && err.message) {
    reason = err.message;
  }
  return t('archive.errors.create_failed', { reason });
}

/** A batch scan failed. */
export function scanFailure(err: unknown, t: Translate): Outcome {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 403) return { message: t('archive.errors.auth_failed'), toLogin: true };
    if (err.status === 429) return { message: t('archive.errors.too_many_requests'), toLogin: false };
    if (err.status === 413) return { message: t('archive.errors.files_too_large'), toLogin: false };
    if (err.status >= 500) return { message: fiveHundred(err, t), toLogin: false };
    if (isNetworkError(err)) return { message: t('archive.errors.batch_network'), toLogin: false };
    const text = serverText(err);
    if (text) return { message: text, toLogin: false };
  }
  return { message: t('archive.errors.batch_default'), toLogin: false };
}

/** Clear, save draft and publish: 'Error ...' with the server error or 'Please try again.' */
export function actionFailure(prefixKey: string, err: unknown, t: Translate): string {
  return t('archive.errors.action_failed', {
    prefix: t(prefixKey),
    reason: serverField(err, 'error') ?? serverText(err) ?? t('archive.errors.try_again'),
  });
}
