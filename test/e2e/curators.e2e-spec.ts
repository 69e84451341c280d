import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersRepository } from '../../src/auth/infrastructure/users.repository.js';
import {
  ADMIN,
  csrfAgent,
  dbTargets,
  staffAgent,
  startTestApp,
  type TestAgent,
  type TestApp,
  withoutCsrfHeader,
} from '../support/test-app.js';

/** A browser signed in as this curator, with its CSRF token. */
async function signedIn(t: TestApp, username: string, password: string): Promise<{ agent: TestAgent; token: string }> {
  const { agent, token } = await csrfAgent(t);
  await agent.post('/api/auth/login/').send({ username, password }).expect(200);
  return { agent, token };
}

describe.each(dbTargets())('curators in the admin (%s)', (target) => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ agent: admin } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  const names = async () => ((await admin.get('/api/curators/').expect(200)).body as Array<{ username: string }>).map((c) => c.username);

  it('lists the curators, marking the one asking', async () => {
    const list = (await admin.get('/api/curators/').expect(200)).body;
    expect(list).toEqual([{ id: expect.any(Number), username: ADMIN.username, created_at: expect.any(String), is_you: true }]);
  });

  it('adds a curator who signs in with the password given', async () => {
    const res = await admin.post('/api/curators/').send({ username: 'sibling', password: 'a long family secret' }).expect(201);
    expect(res.body).toMatchObject({ username: 'sibling', is_you: false });
    const sibling = await signedIn(t, 'sibling', 'a long family secret');
    expect((await sibling.agent.get('/api/auth/check/').expect(200)).body.user).toEqual({ username: 'sibling', is_staff: true });
    expect(await names()).toEqual([ADMIN.username, 'sibling']);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const taken = await admin.post('/api/curators/').send({ username: 'SIBLING', password: 'another long one' }).expect(409);
    expect(taken.body).toMatchObject({ code: 'CURATORS.USERNAME_TAKEN', message: 'There is already a curator named "SIBLING".' });
    const short = await admin.post('/api/curators/').send({ username: 'cousin', password: 'short' }).expect(400);
    expect(short.body.message).toMatch(/password must be at least 8 characters/);
    const blank = await admin.post('/api/curators/').send({ username: '  ', password: 'long enough here' }).expect(400);
    expect(blank.body.message).toMatch(/username is required/);
    const control = await admin.post('/api/curators/').send({ username: 'a\u0007b', password: 'long enough here' }).expect(400);
    expect(control.body.message).toMatch(/username must not contain control characters/);
    await withoutCsrfHeader(t, admin).post('/api/curators/').send({ username: 'cousin', password: 'long enough here' }).expect(403);
    await t.http().get('/api/curators/').expect(401);
    await admin.delete('/api/curators/99999999999').expect(404);
    await admin.put('/api/curators/abc/password').send({ password: 'long enough here' }).expect(400);
    expect(await names()).toEqual([ADMIN.username, 'sibling']);
  });

  it("resets a curator's password: the old one stops working and their sessions end", async () => {
    const sibling = await signedIn(t, 'sibling', 'a long family secret');
    const id = ((await admin.get('/api/curators/').expect(200)).body as Array<{ id: number; username: string }>).find(
      (c) => c.username === 'sibling',
    )!.id;
    await admin.put(`/api/curators/${id}/password`).send({ password: 'a new family secret' }).expect(200);
    expect((await sibling.agent.get('/api/auth/check/').expect(200)).body.authenticated).toBe(false);
    const { agent } = await csrfAgent(t);
    await agent.post('/api/auth/login/').send({ username: 'sibling', password: 'a long family secret' }).expect(401);
    await signedIn(t, 'sibling', 'a new family secret');
  });

  it('removes a curator, whose session ends at once, and never the last one', async () => {
    const sibling = await signedIn(t, 'sibling', 'a new family secret');
    await sibling.agent.get('/api/curators/').expect(200);
    const list = (await admin.get('/api/curators/').expect(200)).body as Array<{ id: number; username: string }>;
    const siblingId = list.find((c) => c.username === 'sibling')!.id;
    const adminId = list.find((c) => c.username === ADMIN.username)!.id;
    await admin.delete(`/api/curators/${siblingId}`).expect(200);
    await sibling.agent.get('/api/curators/').expect(401);
    expect((await sibling.agent.get('/api/auth/check/').expect(200)).body.authenticated).toBe(false);
    const last = await admin.delete(`/api/curators/${adminId}`).expect(409);
    expect(last.body).toMatchObject({ code: 'CURATORS.LAST_ONE', message: 'The only curator cannot be removed: add another first.' });
    expect(await names()).toEqual([ADMIN.username]);
  });

  it('keeps one curator when two remove each other at the same moment', async () => {
    await admin.post('/api/curators/').send({ username: 'colleague', password: 'a colleague secret' }).expect(201);
    const colleague = await signedIn(t, 'colleague', 'a colleague secret');
    const list = (await admin.get('/api/curators/').expect(200)).body as Array<{ id: number; username: string }>;
    const id = (name: string) => list.find((c) => c.username === name)!.id;
    const [a, b] = await Promise.all([
      admin.delete(`/api/curators/${id('colleague')}`),
      colleague.agent.delete(`/api/curators/${id(ADMIN.username)}`),
    ]);
    // One is removed; the other is told it would leave no curator (409), or finds its own session
    // already ended by the first (401). Either way one curator remains.
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].find((s) => s !== 200)).toBeOneOf([401, 409]);
    expect(await t.app.get(UsersRepository).count()).toBe(1);
  });
});
