/**
 * Login throttling holds under concurrency: a burst of simultaneous guesses from one address gets
 * no more password checks than sequential guesses would (five per username, twenty per address
 * in 15 minutes); the rest are 429 with Retry-After, and the right password arriving after the
 * limit does not sign in. "Checked" is observed at the password hasher itself (argon2.verify).
 */
import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, csrfAgent, dbTargets, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

describe.each(dbTargets())('login bursts on %s', (target) => {
  let t: TestApp;
  let agent: TestAgent;
  let token: string;
  /** Each test guesses from its own address (X-Forwarded-For, trusted here), so counters never mix. */
  let addresses = 0;
  const nextAddress = () => `203.0.113.${++addresses}`;

  beforeAll(async () => {
    t = await startTestApp(target, { env: { TRUST_PROXY: 'true' } });
    // Listening once lets the burst arrive as truly parallel connections.
    await t.app.listen(0, '127.0.0.1');
    ({ agent, token } = await csrfAgent(t));
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const login = (address: string, body: { username: string; password: string }) =>
    agent.post('/api/auth/login/').set('X-CSRFToken', token).set('X-Forwarded-For', address).send(body);

  const statuses = (answers: Array<{ status: number }>) => {
    const counts: Record<number, number> = {};
    for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  it('checks at most five of 100 simultaneous wrong passwords for one username; the others get 429 with Retry-After', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    const address = nextAddress();
    const answers = await Promise.all(Array.from({ length: 100 }, () => login(address, { username: ADMIN.username, password: 'wrong guess' })));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
    expect(verify).toHaveBeenCalledTimes(5);
    for (const res of answers.filter((a) => a.status === 429)) {
      expect(res.body).toMatchObject({ success: false, user: null, error: expect.stringMatching(/Too many failed login attempts\. Please try again in 1[45] minutes\./) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(900);
    }
    // Afterwards even the right password is refused without being checked, until the window ends.
    const late = await login(address, ADMIN).expect(429);
    expect(late.headers['retry-after']).toBeDefined();
    expect(verify).toHaveBeenCalledTimes(5);
  });

  it('does not sign in with the right password sent inside a burst once five guesses are being checked', async () => {
    const address = nextAddress();
    // Hold the first checks in the hasher, so the burst is provably simultaneous with them.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const realVerify = argon2.verify.bind(argon2);
    const verify = vi.spyOn(argon2, 'verify').mockImplementation(async (...args: Parameters<typeof argon2.verify>) => {
      await gate;
      return realVerify(...args);
    });
    const wrong = Array.from({ length: 59 }, () => login(address, { username: ADMIN.username, password: 'wrong guess' }).then((r) => r));
    await vi.waitFor(() => expect(verify).toHaveBeenCalledTimes(5), { timeout: 30_000, interval: 20 });
    const right = login(address, ADMIN).then((r) => r);
    const rightAnswer = await right;
    release();
    const answers = await Promise.all(wrong);
    expect(rightAnswer.status).toBe(429);
    expect(rightAnswer.body.success).toBe(false);
    expect(statuses(answers)).toEqual({ 401: 5, 429: 54 });
    expect(verify).toHaveBeenCalledTimes(5);
    const check = await agent.get('/api/auth/check/').set('X-Forwarded-For', address).expect(200);
    expect(check.body.authenticated).toBe(false);
  });

  it('checks at most twenty simultaneous guesses from one address over many usernames', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    const address = nextAddress();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(address, { username: `user${i % 25}`, password: 'guess' })));
    expect(statuses(answers)).toEqual({ 401: 20, 429: 80 });
    expect(verify).toHaveBeenCalledTimes(20);
    // Another address is not affected.
    await login(nextAddress(), ADMIN).expect(200);
  });

  it('lets the right password in after four failures, and a success frees the username for its next mistakes', async () => {
    const address = nextAddress();
    const wrong = { username: ADMIN.username, password: 'typo' };
    const four = await Promise.all(Array.from({ length: 4 }, () => login(address, wrong)));
    expect(statuses(four)).toEqual({ 401: 4 });
    await login(address, ADMIN).expect(200);
    // The success cleared the username's count: five more mistakes are checked before 429.
    const burst = await Promise.all(Array.from({ length: 8 }, () => login(address, wrong)));
    expect(statuses(burst)).toEqual({ 401: 5, 429: 3 });
  });
});
