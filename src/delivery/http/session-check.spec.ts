import { createHmac } from 'node:crypto';
import session from 'express-session';
import { describe, expect, it } from 'vitest';
import { SessionCheck } from './session-check.js';

const SECRET = 'a-secret-long-enough-for-the-test';
/** The cookie value express-session sets for a session id. */
const cookieFor = (sid: string, secret = SECRET) =>
  encodeURIComponent(`s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`);

function storeWith(sessions: Record<string, object>, fail = false) {
  const store = new session.MemoryStore();
  let lookups = 0;
  store.get = (sid, callback) => {
    lookups++;
    if (fail) return callback(new Error('database away'));
    callback(null, (sessions[sid] as session.SessionData | undefined) ?? null);
  };
  return { store, lookups: () => lookups };
}

describe('SessionCheck', () => {
  it('finds the session cookie among others', () => {
    expect(SessionCheck.cookieOf('theme=dark; sessionid=abc; x=1')).toBe('abc');
    expect(SessionCheck.cookieOf('theme=dark')).toBeUndefined();
    expect(SessionCheck.cookieOf(undefined)).toBeUndefined();
  });

  it('refuses a made-up or wrongly signed cookie without asking the store', () => {
    const { store, lookups } = storeWith({ live: {} });
    const check = new SessionCheck(SECRET, store);
    expect(check.isLive('made-up')).toBe(false);
    expect(check.isLive(cookieFor('live', 'another-secret'))).toBe(false);
    expect(check.isLive('s%3Alive.%')).toBe(false);
    expect(lookups()).toBe(0);
  });

  it('asks the store about a correctly signed id once, then remembers the answer', async () => {
    const { store, lookups } = storeWith({ live: { cookie: {} } });
    const check = new SessionCheck(SECRET, store);
    expect(await check.isLive(cookieFor('live'))).toBe(true);
    expect(await check.isLive(cookieFor('gone'))).toBe(false);
    expect(check.isLive(cookieFor('live'))).toBe(true);
    expect(check.isLive(cookieFor('gone'))).toBe(false);
    expect(lookups()).toBe(2);
  });

  it('counts a session it cannot look up as live, so an unsure answer never serves the cache', async () => {
    const { store } = storeWith({}, true);
    expect(await new SessionCheck(SECRET, store).isLive(cookieFor('any'))).toBe(true);
  });
});
