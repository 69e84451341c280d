import { describe, expect, it } from 'vitest';
import type { CountedFailures, LoginAttempt } from '../domain/login-throttle.js';
import { LoginThrottle } from './login-throttle.js';
import type { LoginAttempts } from './ports/login-attempts.port.js';
import type { PasswordHasher } from './ports/password-hasher.port.js';
import type { Users } from './ports/users.port.js';
import { SignIn } from './sign-in.js';

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
  const users = {
    findByUsername: async (name: string) =>
      name.toLowerCase() === 'ada' ? { id: 1, username: 'ada', is_staff: true, password_hash: 'hashed:right password' } : null,
    noteFailedLogin: async (id: number) => void failed.push(id),
    takeFailedLogins: async () => (failed.length ? { attempts: failed.length, lastAt: new Date(0) } : null),
  } as Partial<Users> as Users;
  return { attempts, failed, signIn: new SignIn(users, hasher, new LoginThrottle(attempts)) };
}

describe('SignIn', () => {
  it('signs a curator in with the right password and tells of the wrong ones before', async () => {
    const { signIn: s, attempts } = signIn();
    expect(await s.attempt('ada', 'wrong', '10.0.0.1', false)).toEqual({ outcome: 'refused' });
    expect(await s.attempt('Ada', 'right password', '10.0.0.1', false)).toEqual({
      outcome: 'signed-in',
      user: { id: 1, username: 'ada', is_staff: true, failedLogins: { attempts: 1, lastAt: new Date(0) } },
    });
    // The username starts afresh from this address; the failure stays counted against the address.
    expect(attempts.failures.get('user:ada|ip:10.0.0.1')).toBeUndefined();
    expect(attempts.failures.get('ip:10.0.0.1')).toBe(1);
  });

  it('refuses an unknown name as a wrong password', async () => {
    expect(await signIn().signIn.attempt('nobody', 'right password', '10.0.0.1', false)).toEqual({ outcome: 'refused' });
  });

  it('stops checking after five failures for a name from one address, and gives the refused count back', async () => {
    const { signIn: s, attempts } = signIn();
    for (let i = 0; i < 5; i++) expect((await s.attempt('ada', 'wrong', '10.0.0.1', false)).outcome).toBe('refused');
    expect(await s.attempt('ada', 'right password', '10.0.0.1', false)).toEqual({ outcome: 'throttled', retryAfterSeconds: 600 });
    expect(attempts.failures.get('user:ada|ip:10.0.0.1')).toBe(5);
    // Another address is not held to that limit.
    expect((await s.attempt('ada', 'right password', '10.0.0.2', false)).outcome).toBe('signed-in');
  });

  it('holds guesses from many addresses to ten per account, except on a browser the curator signed in on', async () => {
    const { signIn: s } = signIn();
    for (let i = 0; i < 10; i++) await s.attempt('ada', 'wrong', `10.0.1.${i}`, false);
    expect((await s.attempt('ada', 'right password', '10.0.2.1', false)).outcome).toBe('throttled');
    expect((await s.attempt('ada', 'right password', '10.0.2.1', true)).outcome).toBe('signed-in');
  });
});
