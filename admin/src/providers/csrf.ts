import { CSRF_FETCH_TIMEOUT_MS } from '../constants.js';

/** Where the token may be found, in the order SPEC section 5 lists them. */
export interface CsrfSources {
  cookie(): string | null | undefined;
  meta(): string | null | undefined;
  component(): string | null | undefined;
  hiddenField(): string | null | undefined;
}

let componentToken: string | null = null;

export function setComponentCsrfToken(token: string | null): void {
  componentToken = token;
}

export function readCookie(name: string, cookieString: string): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export const browserCsrfSources: CsrfSources = {
  cookie: () => (typeof document === 'undefined' ? null : readCookie('csrftoken', document.cookie)),
  meta: () => (typeof document === 'undefined' ? null : document.querySelector('meta[name="csrf-token"]')?.getAttribute('content')),
  component: () => componentToken,
  hiddenField: () =>
    typeof document === 'undefined'
      ? null
      : (document.querySelector('input[name="csrfmiddlewaretoken"]') as HTMLInputElement | null)?.value,
};

export function findCsrfToken(sources: CsrfSources = browserCsrfSources): string | null {
  return sources.cookie() || sources.meta() || sources.component() || sources.hiddenField() || null;
}

/**
 * Asks the server for a token (it also sets the csrftoken cookie) and keeps it as the component
 * value, so writes work even where the cookie cannot be read.
 */
export async function initCsrfToken(fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl('/api/ai_extraction/csrf/', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(CSRF_FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`CSRF endpoint answered ${response.status}`);
  const body = (await response.json()) as { csrfToken?: string };
  if (!body.csrfToken) throw new Error('CSRF endpoint gave no token');
  setComponentCsrfToken(body.csrfToken);
  return body.csrfToken;
}
