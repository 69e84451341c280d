import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/** The cookie a browser gets when an admin signs in on it. */
export const DEVICE_COOKIE = 'archive_device';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Browsers an admin has signed in on before ("device cookies", as OWASP recommends against
 * guessing spread over many addresses). Password guesses for an account from anywhere else share
 * one limit per account; the admin's own browser is not held to it, so guessing can slow strangers
 * but never lock the admin out. The cookie names no one: it is a random salt and an HMAC of it
 * with the username, under a secret of the archive's own.
 */
export class TrustedDevices {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  /** Whether this browser signed in to `username` before. */
  isTrusted(req: Request, username: string): boolean {
    const cookie = cookieValue(req.headers.cookie, DEVICE_COOKIE);
    const [salt, mac] = cookie?.split('.') ?? [];
    if (!salt || !mac) return false;
    const expected = Buffer.from(this.sign(salt, username));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Marks this browser as one `username` signs in on (after a right password). */
  remember(res: Response, username: string): void {
    const salt = randomBytes(12).toString('base64url');
    res.cookie(DEVICE_COOKIE, `${salt}.${this.sign(salt, username)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path: '/api/auth/',
      maxAge: ONE_YEAR_MS,
    });
  }

  private sign(salt: string, username: string): string {
    return createHmac('sha256', this.secret).update(`${salt}\n${username.toLowerCase()}`).digest('base64url');
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
