import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, csrfAgent, dbTargets, staffAgent, startTestApp, type TestApp } from '../support/test-app.js';

describe.each(dbTargets())('sessions, CSRF and login on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => t?.close());

  it('issues a CSRF token in the body and as a readable cookie', async () => {
    const res = await t.http().get('/api/ai_extraction/csrf/').expect(200);
    expect(res.body.csrfToken).toMatch(/^[\w-]+\.[\w-]+$/);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('csrftoken='))!;
    expect(cookie).toContain(`csrftoken=${res.body.csrfToken}`);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('refuses a login without the CSRF token, with a JSON detail', async () => {
    const res = await t.http().post('/api/auth/login/').send(ADMIN).expect(403);
    expect(res.body.detail).toMatch(/CSRF/);
  });

  it('refuses a forged token that does not carry the server signature', async () => {
    const res = await t
      .http()
      .post('/api/auth/login/')
      .set('Cookie', 'csrftoken=forged.token')
      .set('X-CSRFToken', 'forged.token')
      .send(ADMIN)
      .expect(403);
    expect(res.body.detail).toMatch(/CSRF/);
  });

  it('accepts the token as the csrfmiddlewaretoken form field', async () => {
    const { agent, token } = await csrfAgent(t);
    const res = await agent
      .post('/api/auth/login/')
      .type('form')
      .send({ ...ADMIN, csrfmiddlewaretoken: token })
      .expect(200);
    expect(res.body.success).toBe(true);
  });

  it('answers a wrong password with success false and the error text', async () => {
    const { agent } = await csrfAgent(t);
    const res = await agent.post('/api/auth/login/').send({ username: ADMIN.username, password: 'nope' }).expect(401);
    expect(res.body).toMatchObject({ success: false, user: null, error: 'Invalid username or password' });
  });

  it('answers missing credentials with 400 and says what is missing', async () => {
    const { agent } = await csrfAgent(t);
    const res = await agent.post('/api/auth/login/').send({ username: ADMIN.username }).expect(400);
    expect(res.body).toMatchObject({ success: false, error: 'Username and password are required' });
  });

  it('signs in with an HttpOnly, SameSite=Lax sessionid cookie, and check reports the user', async () => {
    const { agent } = await csrfAgent(t);
    const res = await agent.post('/api/auth/login/').send(ADMIN).expect(200);
    expect(res.body).toMatchObject({ success: true, user: { username: ADMIN.username, is_staff: true }, error: null });
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sessionid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The browser is remembered as one the admin signs in on (the limit per username across addresses spares it).
    const device = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('archive_device='))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Strict/i);
    expect(device).toMatch(/Path=\/api\/auth\//);
    expect(device).not.toContain(ADMIN.username);
    const check = await agent.get('/api/auth/check/').expect(200);
    expect(check.body).toEqual({ authenticated: true, user: { username: ADMIN.username, is_staff: true } });
  });

  it('reports an anonymous visitor as not authenticated', async () => {
    const res = await t.http().get('/api/auth/check/').expect(200);
    expect(res.body).toEqual({ authenticated: false, user: null });
  });

  it('ends the session on the server at logout: the old cookie opens nothing afterwards', async () => {
    const { agent } = await staffAgent(t);
    const login = await agent.get('/api/auth/check/');
    expect(login.body.authenticated).toBe(true);
    const oldCookies = (await agent.get('/api/auth/check/')).request.cookies;
    await agent.post('/api/auth/logout/').expect(200);
    // Replay the cookie captured before logout, as a thief would.
    const replay = await t.http().get('/api/publications/?admin=true').set('Cookie', oldCookies).expect(401);
    expect(replay.body.detail).toBeTruthy();
    const check = await t.http().get('/api/auth/check/').set('Cookie', oldCookies).expect(200);
    expect(check.body.authenticated).toBe(false);
  });

  it('throttles repeated failed logins for a username from one address with 429', async () => {
    const { agent } = await csrfAgent(t);
    const wrong = { username: 'someone-else', password: 'guess' };
    for (let i = 0; i < 5; i++) {
      await agent.post('/api/auth/login/').send(wrong).expect(401);
    }
    const blocked = await agent.post('/api/auth/login/').send(wrong).expect(429);
    expect(blocked.body.error).toMatch(/Too many failed login attempts/);
    // Another username from the same address is not blocked by that pair's counter.
    await agent.post('/api/auth/login/').send(ADMIN).expect(200);
  });

  it("lets a curator's own browser in behind a proxy whose address strangers used up, and warns once that TRUST_PROXY is off", async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn');
    try {
      const curator = { username: 'proxied', password: 'an elegy kept twice' };
      const admin = await staffAgent(t);
      await admin.agent.post('/api/curators/').send(curator).expect(201);
      // Every request comes from the proxy's address, as TRUST_PROXY is off.
      const own = await csrfAgent(t);
      await own.agent.post('/api/auth/login/').set('X-Forwarded-For', '198.51.100.7').send(curator).expect(200);
      await own.agent.post('/api/auth/logout/').expect(200);
      const stranger = await csrfAgent(t);
      for (let i = 0; i < 5; i++)
        await stranger.agent
          .post('/api/auth/login/')
          .set('X-Forwarded-For', `198.51.100.${20 + i}`)
          .send({ ...curator, password: 'guess' })
          .expect(401);
      await stranger.agent.post('/api/auth/login/').send(curator).expect(429);
      await own.agent.post('/api/auth/login/').set('X-Forwarded-For', '198.51.100.7').send(curator).expect(200);
      const warnings = warn.mock.calls.filter(([message]) => String(message).includes('TRUST_PROXY is off'));
      expect(warnings).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('sets security headers on every response', async () => {
    const res = await t.http().get('/api/health/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe.each(dbTargets())('sessions survive a restart on %s', (target) => {
  it('keeps a signed-in admin signed in after the API process restarts', async () => {
    const dataDir = (await import('node:fs')).mkdtempSync(
      (await import('node:path')).join((await import('node:os')).tmpdir(), 'archive-restart-'),
    );
    const first = await startTestApp(target, { env: { DATA_DIR: dataDir }, persistent: true });
    const { agent } = await staffAgent(first);
    const cookies = (await agent.get('/api/auth/check/')).request.cookies;
    await first.close();
    const second = await startTestApp(target, { env: { DATA_DIR: dataDir }, persistent: true, reset: false });
    try {
      const check = await second.http().get('/api/auth/check/').set('Cookie', cookies).expect(200);
      expect(check.body).toEqual({ authenticated: true, user: { username: ADMIN.username, is_staff: true } });
    } finally {
      await second.close();
    }
  });
});
