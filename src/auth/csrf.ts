import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_FIELD = 'csrfmiddlewaretoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Double-submit CSRF protection as the spec's client expects it (Django style): a readable
 * `csrftoken` cookie whose value must come back in `X-CSRFToken` (or the form field
 * `csrfmiddlewaretoken`). Tokens are signed with the server secret, so a cookie planted by
 * another site cannot carry a token the server would accept.
 */
export class Csrf {
  constructor(
    private readonly secret: string,
    private readonly secureCookies: boolean,
  ) {}

  issue(): string {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${this.sign(nonce)}`;
  }

  isValid(token: unknown): token is string {
    if (typeof token !== 'string' || token.length > 200) return false;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(this.sign(nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  setCookie(res: Response, token: string): void {
    res.cookie(CSRF_COOKIE, token, {
      httpOnly: false, // the client reads it to send it back in the header
      sameSite: 'lax',
      secure: this.secureCookies,
      path: '/',
      maxAge: 365 * 24 * 3600 * 1000,
    });
  }

  /** Express middleware for every state-changing /api request. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (SAFE_METHODS.has(req.method)) return next();
      const cookie = readCookie(req.headers.cookie, CSRF_COOKIE);
      const header = req.headers[CSRF_HEADER];
      const field = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
      const sent = typeof header === 'string' ? header : field;
      if (!this.isValid(cookie) || typeof sent !== 'string' || !safeEqual(sent, cookie)) {
        res.status(403).json({
          statusCode: 403,
          detail: 'CSRF Failed: CSRF token missing or incorrect.',
          error: 'CSRF Failed: CSRF token missing or incorrect.',
          message: 'CSRF Failed: CSRF token missing or incorrect.',
        });
        return;
      }
      next();
    };
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.secret).update(nonce).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
