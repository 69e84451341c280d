import { describe, expect, it } from 'vitest';
import type { CountedFailures, LoginAttempt } from '../domain/login-throttle.js';
import { LoginThrottle } from './login-throttle.js';
import type { LoginAttempts } from './ports/login-attempts.port.js';
import type { PasswordHasher } from './ports/password-hasher.port.js';
import type { Users } from './ports/users.port.js';
import { SignIn } from './sign-in.js';
import { TrustedDevices } from './trusted-devices.js';

/** Counters in memory, one window that never ends. */
class MemoryLoginAttempts implements LoginAttempts {
  readonly failures = new Map<string, number>();
  async count(keys: string[]): Promise<CountedFailures[]> {
    return keys.map((key) => {
      const failures = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, failures);
      return { key, failures, stamp: 'w', retryAfterSeconds: 600 };
    });
  }
  async giveBack(held: LoginAttempt['held']): Promise<void> {
    for (const { key } of held) this.failures.set(key, Math.max(0, (this.failures.get(key) ?? 0) - 1));
  }
  async clear(key: string): Promise<void> {
    this.failures.delete(key);
  }
}

const hasher: PasswordHasher = {
  hash: async (password) => `hashed:${password}`,
  verify: async (hash, password) => hash === `hashed:${password}`,
  dummyHash: async () => 'hashed:\u0000',
};

function signIn() {
  const attempts = new MemoryLoginAttempts();
  const failed: number[] = [];
  let ada = { id: 1, username: 'ada', is_staff: true, password_hash: 'hashed:right password' };
  const users = {
    findByUsername: async (name: string) => (name.toLowerCase() === 'ada' ? ada : null),
    setPassword: async (_id: number, hash: string) => {
      ada = { ...ada, password_hash: hash };
      return true;
    },
    noteFailedLogin: async (id: number) => void failed.push(id),
    takeFailedLogins: async () => (failed.length ? { attempts: failed.length, lastAt: new Date(0) } : null),
  } as Partial<Users> as Users;
  return { attempts, failed, users, signIn: new SignIn(users, hasher, new LoginThrottle(attempts), new TrustedDevices('secret')) };
}

describe('SignIn', () => {
  it('signs a curator in with the right password and tells of the wrong ones before', async () => {
    const { signIn: s, attempts } = signIn();
    expect(await s.attempt('ada', 'wrong', '10.0.0.1', undefined)).toEqual({ outcome: 'refused' });
    expect(await s.attempt('Ada', 'right password', '10.0.0.1', undefined)).toEqual({
      outcome: 'signed-in',
      user: { id: 1, username: 'ada', is_staff: true, failedLogins: { attempts: 1, lastAt: new Date(0) }, deviceToken: expect.any(String) },
    });
    // The username starts afresh from this address; the failure stays counted against the address.
    expect(attempts.failures.get('user:ada|ip:10.0.0.1')).toBeUndefined();
    expect(attempts.failures.get('ip:10.0.0.1')).toBe(1);
  });

  it('refuses an unknown name as a wrong password', async () => {
    expect(await signIn().signIn.attempt('nobody', 'right password', '10.0.0.1', undefined)).toEqual({ outcome: 'refused' });
  });

  it('stops checking after five failures for a name from one address, and gives the refused count back', async () => {
    const { signIn: s, attempts } = signIn();
    for (let i = 0; i < 5; i++) expect((await s.attempt('ada', 'wrong', '10.0.0.1', undefined)).outcome).toBe('refused');
    expect(await s.attempt('ada', 'right password', '10.0.0.1', undefined)).toEqual({ outcome: 'throttled', retryAfterSeconds: 600 });
    expect(attempts.failures.get('user:ada|ip:10.0.0.1')).toBe(5);
    // Another address is not held to that limit.
    expect((await s.attempt('ada', 'right password', '10.0.0.2', undefined)).outcome).toBe('signed-in');
  });

  /** Ada's browser after she signed in on it once. */
  async function ownBrowser(s: SignIn): Promise<string> {
    const outcome = await s.attempt('ada', 'right password', '192.0.2.1', undefined);
    if (outcome.outcome !== 'signed-in') throw new Error(`ada did not sign in: ${outcome.outcome}`);
    return outcome.user.deviceToken;
  }

  it('holds guesses from many addresses to ten per account, except on a browser the curator signed in on', async () => {
    const { signIn: s } = signIn();
    const own = await ownBrowser(s);
    for (let i = 0; i < 10; i++) await s.attempt('ada', 'wrong', `10.0.1.${i}`, undefined);
    expect((await s.attempt('ada', 'right password', '10.0.2.1', undefined)).outcome).toBe('throttled');
    expect((await s.attempt('ada', 'right password', '10.0.2.1', own)).outcome).toBe('signed-in');
    // A token made up, or one for another name, is a stranger's browser.
    expect((await s.attempt('ada', 'right password', '10.0.2.1', 'made.up')).outcome).toBe('throttled');
  });

  it("lets the curator's browser in where strangers behind the same proxy address were stopped", async () => {
    const { signIn: s } = signIn();
    const own = await ownBrowser(s);
    for (let i = 0; i < 5; i++) await s.attempt('ada', 'wrong', '10.0.0.9', undefined);
    expect((await s.attempt('ada', 'right password', '10.0.0.9', undefined)).outcome).toBe('throttled');
    expect((await s.attempt('ada', 'right password', '10.0.0.9', own)).outcome).toBe('signed-in');
  });

  it('holds a trusted browser to ten failures of its own, from any address, which a success clears', async () => {
    const { signIn: s, attempts } = signIn();
    const own = await ownBrowser(s);
    for (let i = 0; i < 10; i++) expect((await s.attempt('ada', 'wrong', `10.0.3.${i}`, own)).outcome).toBe('refused');
    expect(await s.attempt('ada', 'right password', '10.0.3.99', own)).toEqual({ outcome: 'throttled', retryAfterSeconds: 600 });
    // Its guesses were not the account's: a stranger's browser is not slowed by them.
    expect(attempts.failures.get('account:ada') ?? 0).toBe(0);
    expect((await s.attempt('ada', 'right password', '10.0.3.99', undefined)).outcome).toBe('signed-in');

    const another = await ownBrowser(s);
    for (let i = 0; i < 9; i++) await s.attempt('ada', 'wrong', '10.0.4.1', another);
    expect((await s.attempt('ada', 'right password', '10.0.4.1', another)).outcome).toBe('signed-in');
    for (let i = 0; i < 10; i++) expect((await s.attempt('ada', 'wrong', '10.0.4.1', another)).outcome).toBe('refused');
  });

  it('stops trusting every browser of a curator whose password is set anew', async () => {
    const { signIn: s, users } = signIn();
    const own = await ownBrowser(s);
    await users.setPassword(1, 'hashed:a new password');
    for (let i = 0; i < 10; i++) await s.attempt('ada', 'wrong', `10.0.5.${i}`, undefined);
    expect((await s.attempt('ada', 'a new password', '10.0.6.1', own)).outcome).toBe('throttled');
  });
});
