import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StoredUser } from '../domain/admin-user.js';

/**
 * Browsers a curator has signed in on before ("device cookies", as OWASP recommends against
 * guessing spread over many addresses). Such a browser is held only to a failure limit of its own,
 * so strangers' guesses (from anywhere, or from behind the same proxy) never lock the curator out,
 * and a stolen cookie still gets few guesses. The token names no one: a random id and an HMAC of
 * it with the username and the password's hash, under a secret of the archive's own, so every
 * token of a curator ends when their password is reset or they are removed (a curator added later
 * under the same name has another hash).
 */
export class TrustedDevices {
  constructor(private readonly secret: string) {}

  /** The device's id when the browser with this token signed in as `user` since its password was set; else null. */
  recognise(token: string | undefined, user: StoredUser | null): string | null {
    const [id, mac] = token?.split('.') ?? [];
    if (!id || !mac || !user) return null;
    const expected = Buffer.from(this.sign(id, user));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /** A token for a browser `user` signed in on (after a right password). */
  issue(user: StoredUser): string {
    const id = randomBytes(12).toString('base64url');
    return `${id}.${this.sign(id, user)}`;
  }

  private sign(id: string, user: StoredUser): string {
    return createHmac('sha256', this.secret).update(`${id}\n${user.username.toLowerCase()}\n${user.password_hash}`).digest('base64url');
  }
}
