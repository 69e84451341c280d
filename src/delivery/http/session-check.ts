import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Store } from 'express-session';
import { SESSION_COOKIE } from '../../auth/index.js';

const REMEMBER_MS = 5_000;
const MAX_REMEMBERED = 10_000;
const COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;]*)`);

/**
 * Whether a request's session cookie is a live session, so only signed-in curators skip the read
 * cache and a made-up cookie cannot push every request past it. The signature is checked first
 * (express-session signs `s:<sid>` with HMAC-SHA256, as its cookie-signature dependency does), so a
 * forged cookie costs one HMAC and no database read; a correctly signed id is looked up in the
 * session store and the answer is remembered for a few seconds.
 */
export class SessionCheck {
  private readonly remembered = new Map<string, { live: boolean; until: number }>();

  constructor(
    private readonly secret: string,
    private readonly store: Store,
  ) {}

  /** The raw session cookie value, or undefined when there is none. */
  static cookieOf(header: string | undefined): string | undefined {
    if (!header || !header.includes(`${SESSION_COOKIE}=`)) return undefined;
    return COOKIE_PATTERN.exec(header)?.[1];
  }

  /** true or false when known at once, else a promise. A store error counts as live: when unsure, skip the cache. */
  isLive(rawCookie: string): boolean | Promise<boolean> {
    const sid = this.unsign(rawCookie);
    if (sid === undefined) return false;
    const known = this.remembered.get(sid);
    if (known && known.until > Date.now()) return known.live;
    return new Promise((resolve) => {
      this.store.get(sid, (err, session) => {
        if (err) return resolve(true);
        const live = !!session;
        if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
        this.remembered.set(sid, { live, until: Date.now() + REMEMBER_MS });
        resolve(live);
      });
    });
  }

  private unsign(raw: string): string | undefined {
    let value: string;
    try {
      value = decodeURIComponent(raw.trim().replace(/^"|"$/g, ''));
    } catch {
      return undefined;
    }
    if (!value.startsWith('s:')) return undefined;
    const dot = value.lastIndexOf('.');
    if (dot < 2) return undefined;
    const sid = value.slice(2, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', this.secret).update(sid).digest('base64').replace(/=+$/, ''));
    return given.length === expected.length && timingSafeEqual(given, expected) ? sid : undefined;
  }
}
