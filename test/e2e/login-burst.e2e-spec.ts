/**
 * Login throttling holds under concurrency: a burst of simultaneous guesses from one address gets
 * no more password checks than sequential guesses would (five per username, twenty per address
 * in 15 minutes); the rest are 429 with Retry-After, and the right password arriving after the
 * limit does not sign in. Guesses spread over many addresses share one limit per username (ten),
 * which the curator's own browser (one it signed in on before) is not held to; it has ten of its
 * own, and its trust ends when the password is reset. The curator is told of the wrong passwords
 * at the next sign-in. "Checked" is observed at the password hasher itself (argon2.verify).
 * Each test guesses at a curator of its own, from browsers of its own.
 */
import argon2 from 'argon2';
import { hashPassword } from '../../src/auth/infrastructure/password-hasher.js';
import { UsersRepository } from '../../src/auth/infrastructure/users.repository.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, csrfAgent, dbTargets, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

describe.each(dbTargets())('login bursts on %s', (target) => {
  let t: TestApp;
  /** Each test guesses from its own addresses (X-Forwarded-For, trusted here), so counters never mix. */
  let addresses = 0;
  const nextAddress = () => `203.0.113.${++addresses}`;
  let curators = 0;
  /** A curator of the test's own, so no count of one test reaches another. */
  const newCurator = async () => {
    const curator = { username: `reader${++curators}`, password: 'an elegy kept twice' };
    await t.app.get(UsersRepository).upsert(curator.username, await hashPassword(curator.password));
    return curator;
  };
  /** A browser the curator signed in on once, from home: a trusted device from then on. */
  const ownBrowser = async (curator: { username: string; password: string }) => {
    const own = await csrfAgent(t);
    await login(nextAddress(), curator, own).expect(200);
    await own.agent.post('/api/auth/logout/').expect(200);
    return own;
  };

  beforeAll(async () => {
    t = await startTestApp(target, { env: { TRUST_PROXY: 'true' } });
    // Listening once lets the burst arrive as truly parallel connections.
    await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const login = (address: string, body: { username: string; password: string }, from: { agent: TestAgent }) =>
    from.agent.post('/api/auth/login/').set('X-Forwarded-For', address).send(body);

  const statuses = (answers: Array<{ status: number }>) => {
    const counts: Record<number, number> = {};
    for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  it('checks at most five of 100 simultaneous wrong passwords for one username; the others get 429 with Retry-After', async () => {
    const curator = await newCurator();
    const browser = await csrfAgent(t);
    const verify = vi.spyOn(argon2, 'verify');
    const address = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => login(address, { username: curator.username, password: 'wrong guess' }, browser)),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
    expect(verify).toHaveBeenCalledTimes(5);
    for (const res of answers.filter((a) => a.status === 429)) {
      expect(res.body).toMatchObject({
        success: false,
        user: null,
        error: expect.stringMatching(/Too many failed login attempts\. Please try again in 1[45] minutes\./),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(900);
    }
    // Afterwards even the right password is refused without being checked, until the window ends.
    const late = await login(address, curator, browser).expect(429);
    expect(late.headers['retry-after']).toBeDefined();
    expect(verify).toHaveBeenCalledTimes(5);
  });

  it('does not sign in with the right password sent inside a burst once five guesses are being checked', async () => {
    const curator = await newCurator();
    const browser = await csrfAgent(t);
    const address = nextAddress();
    // Hold the first checks in the hasher, so the burst is provably simultaneous with them.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const realVerify = argon2.verify.bind(argon2);
    const verify = vi.spyOn(argon2, 'verify').mockImplementation(async (...args: Parameters<typeof argon2.verify>) => {
      await gate;
      return realVerify(...args);
    });
    const wrong = Array.from({ length: 59 }, () =>
      login(address, { username: curator.username, password: 'wrong guess' }, browser).then((r) => r),
    );
    await vi.waitFor(() => expect(verify).toHaveBeenCalledTimes(5), { timeout: 30_000, interval: 20 });
    const right = login(address, curator, browser).then((r) => r);
    const rightAnswer = await right;
    release();
    const answers = await Promise.all(wrong);
    expect(rightAnswer.status).toBe(429);
    expect(rightAnswer.body.success).toBe(false);
    expect(statuses(answers)).toEqual({ 401: 5, 429: 54 });
    expect(verify).toHaveBeenCalledTimes(5);
    const check = await browser.agent.get('/api/auth/check/').set('X-Forwarded-For', address).expect(200);
    expect(check.body.authenticated).toBe(false);
  });

  it('checks at most twenty simultaneous guesses from one address over many usernames', async () => {
    const browser = await csrfAgent(t);
    const verify = vi.spyOn(argon2, 'verify');
    const address = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(address, { username: `user${i % 25}`, password: 'guess' }, browser)),
    );
    expect(statuses(answers)).toEqual({ 401: 20, 429: 80 });
    expect(verify).toHaveBeenCalledTimes(20);
    // Another address is not affected.
    await login(nextAddress(), ADMIN, browser).expect(200);
  });

  it('holds guesses spread over twenty addresses to ten per username, slows strangers but not the curator, and tells the curator', async () => {
    const archivist = await newCurator();
    const own = await ownBrowser(archivist);

    // A guesser with twenty addresses, five guesses from each: the limit per address alone let 100 through.
    const verify = vi.spyOn(argon2, 'verify');
    const guesser = await csrfAgent(t);
    const addresses = Array.from({ length: 20 }, nextAddress);
    const answers = await Promise.all(
      addresses.flatMap((address) => Array.from({ length: 5 }, () => login(address, { ...archivist, password: 'guess' }, guesser))),
    );
    expect(statuses(answers)).toEqual({ 401: 10, 429: 90 });
    expect(verify).toHaveBeenCalledTimes(10);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);

    // Another stranger's browser is slowed too, even with the right password...
    const stranger = await csrfAgent(t);
    await login(nextAddress(), archivist, stranger).expect(429);
    // ...but the archivist's own browser signs in at once, from anywhere, and hears of the guesses.
    const signedIn = await login(nextAddress(), archivist, own).expect(200);
    expect(signedIn.body.failed_logins).toMatchObject({ attempts: 10 });
    expect(Date.now() - Date.parse(signedIn.body.failed_logins.last_at)).toBeLessThan(120_000);
    // Told once: the next sign-in has nothing to tell.
    await own.agent.post('/api/auth/logout/').expect(200);
    expect((await login(nextAddress(), archivist, own).expect(200)).body.failed_logins).toBeNull();
  });

  it('lets the right password in after four failures, and a success frees the username for its next mistakes', async () => {
    const curator = await newCurator();
    const browser = await csrfAgent(t);
    const address = nextAddress();
    const wrong = { username: curator.username, password: 'typo' };
    const four = await Promise.all(Array.from({ length: 4 }, () => login(address, wrong, browser)));
    expect(statuses(four)).toEqual({ 401: 4 });
    await login(address, curator, browser).expect(200);
    await browser.agent.post('/api/auth/logout/').expect(200);
    // The success cleared the username's count: five more mistakes are checked before 429 (from a
    // browser that is not the curator's: the one that just signed in has a limit of its own).
    const stranger = await csrfAgent(t);
    const burst = await Promise.all(Array.from({ length: 8 }, () => login(address, wrong, stranger)));
    expect(statuses(burst)).toEqual({ 401: 5, 429: 3 });
  });

  it("holds the curator's own browser to ten guesses of its own from anywhere, and trusts it no more once the password is reset", async () => {
    const curator = await newCurator();
    const own = await ownBrowser(curator);
    // Someone with the browser's cookie, guessing from thirty addresses at once.
    const verify = vi.spyOn(argon2, 'verify');
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(nextAddress(), { ...curator, password: 'guess' }, own)));
    expect(statuses(answers)).toEqual({ 401: 10, 429: 20 });
    expect(verify).toHaveBeenCalledTimes(10);
    await login(nextAddress(), curator, own).expect(429);
    // Those guesses were the browser's alone: the curator signs in from another browser.
    const other = await csrfAgent(t);
    await login(nextAddress(), curator, other).expect(200);

    // Another admin gives the curator a new password: every browser of theirs is a stranger's again.
    const trusted = await ownBrowser(curator);
    const admin = await staffAgent(t);
    const { id } = ((await admin.agent.get('/api/curators/').expect(200)).body as Array<{ id: number; username: string }>).find(
      (c) => c.username === curator.username,
    )!;
    const renewed = { ...curator, password: 'a new line of verse' };
    await admin.agent.put(`/api/curators/${id}/password`).send({ password: renewed.password }).expect(200);
    // Strangers use up the account's limit; the browser trusted before the reset is held to it too.
    const stranger = await csrfAgent(t);
    const guesses = await Promise.all(Array.from({ length: 10 }, () => login(nextAddress(), { ...curator, password: 'guess' }, stranger)));
    expect(statuses(guesses)).toEqual({ 401: 10 });
    await login(nextAddress(), renewed, trusted).expect(429);
  });
});
