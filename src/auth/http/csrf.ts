import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ForbiddenException, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_FIELD = 'csrfmiddlewaretoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const CSRF_FAILED = 'CSRF Failed: CSRF token missing or incorrect.';

/**
 * A multipart upload may carry its token as the form field instead of the header, but the field is
 * only readable once the upload is parsed, after the middleware. Such requests are let through
 * marked pending; routes that parse uploads declare it with this decorator and check the field with
 * verifyCsrfFormField, and every other route refuses a pending request (CsrfPendingGuard).
 */
export const CSRF_FORM_FIELD = 'csrf:form-field';
export const ChecksCsrfFormField = () => SetMetadata(CSRF_FORM_FIELD, true);

type PendingRequest = Request & { csrfPending?: string };

export function verifyCsrfFormField(req: Request): void {
  const pending = (req as PendingRequest).csrfPending;
  if (pending === undefined) return;
  const field = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
  if (typeof field !== 'string' || !safeEqual(field, pending)) throw csrfForbidden();
  delete (req as PendingRequest).csrfPending;
}

function csrfForbidden(): ForbiddenException {
  return new ForbiddenException({ message: CSRF_FAILED, detail: CSRF_FAILED });
}

@Injectable()
export class CsrfPendingGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<PendingRequest>();
    if (req.csrfPending === undefined) return true;
    if (this.reflector.get<boolean>(CSRF_FORM_FIELD, context.getHandler())) return true;
    throw csrfForbidden();
  }
}

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

  /**
   * Express middleware for every state-changing /api request. `exempt`: requests that act for no
   * one (a reader's report, sent with no account from a page every visitor shares), which a forged
   * request could make just as well as a real one.
   */
  middleware(exempt: (req: Request) => boolean = () => false) {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (SAFE_METHODS.has(req.method) || exempt(req)) return next();
      const cookie = readCookie(req.headers.cookie, CSRF_COOKIE);
      const header = req.headers[CSRF_HEADER];
      const field = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
      const sent = typeof header === 'string' ? header : field;
      const valid = this.isValid(cookie);
      if (valid && sent === undefined && req.is('multipart/form-data')) {
        (req as PendingRequest).csrfPending = cookie;
        return next();
      }
      if (!valid || typeof sent !== 'string' || !safeEqual(sent, cookie)) {
        res.status(403).json({ statusCode: 403, detail: CSRF_FAILED, error: CSRF_FAILED, message: CSRF_FAILED });
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
