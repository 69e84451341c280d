import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Browsers an admin has signed in on before ("device cookies", as OWASP recommends against
 * guessing spread over many addresses). Password guesses for an account from anywhere else share
 * one limit per account; the admin's own browser is not held to it, so guessing can slow strangers
 * but never lock the admin out. The browser's token names no one: it is a random salt and an HMAC
 * of it with the username, under a secret of the archive's own.
 */
export class TrustedDevices {
  constructor(private readonly secret: string) {}

  /** Whether the browser with this token signed in to `username` before. */
  isTrusted(token: string | undefined, username: string): boolean {
    const [salt, mac] = token?.split('.') ?? [];
    if (!salt || !mac) return false;
    const expected = Buffer.from(this.sign(salt, username));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A token for a browser `username` signed in on (after a right password). */
  issue(username: string): string {
    const salt = randomBytes(12).toString('base64url');
    return `${salt}.${this.sign(salt, username)}`;
  }

  private sign(salt: string, username: string): string {
    return createHmac('sha256', this.secret).update(`${salt}\n${username.toLowerCase()}`).digest('base64url');
  }
}
