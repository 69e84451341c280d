import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../contracts/errors.js';
import { createAuthProvider } from './auth-provider.js';
import { createHttpClient, type HttpClient } from './http-client.js';
import { clearSessionEnded, sessionHasEnded } from './session.js';

/** The browser pieces the provider touches, as plain objects. */
function storage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}
const replaced: string[] = [];
const g = globalThis as Record<string, unknown>;

beforeEach(() => {
  replaced.length = 0;
  g.localStorage = storage();
  g.sessionStorage = storage();
  g.window = {
    location: {
      pathname: '/admin/publication/songs',
      search: '?tab=1',
      origin: 'http://archive.test',
      replace: (to: string) => replaced.push(to),
    },
  };
});
afterEach(() => {
  delete g.localStorage;
  delete g.sessionStorage;
  delete g.window;
});

const user = { username: 'curator', is_staff: true };
const signIn = () => (g.localStorage as Storage).setItem('user', JSON.stringify(user));
const answering = (json: unknown): HttpClient & ReturnType<typeof vi.fn> =>
  vi.fn(async () => ({ status: 200, headers: new Headers(), body: '', json })) as never;
const settlesWithin = (p: Promise<unknown>, ms = 30) =>
  Promise.race([
    p.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((r) => setTimeout(() => r('pending'), ms)),
  ]);

describe('the admin guard (checkAuth)', () => {
  it('loads /login in place of an admin page when nobody is signed in, remembering the page, and asks the server nothing', async () => {
    const http = answering({});
    const auth = createAuthProvider(http, async () => 'token');
    expect(await settlesWithin(auth.checkAuth({}))).toBe('pending');
    expect(replaced).toEqual(['/login']);
    expect((g.sessionStorage as Storage).getItem('admin.returnTo')).toBe('/admin/publication/songs?tab=1');
    expect(http).not.toHaveBeenCalled();
  });

  it('validates a known user with the server once per visit, then fetches a CSRF token', async () => {
    signIn();
    const http = answering({ authenticated: true, user });
    const csrf = vi.fn(async () => 'token');
    const auth = createAuthProvider(http, csrf);
    await auth.checkAuth({});
    await auth.checkAuth({});
    expect(http).toHaveBeenCalledTimes(1);
    expect(http.mock.calls[0][0]).toBe('/api/auth/check/');
    expect(csrf).toHaveBeenCalledTimes(1);
    expect(auth.takeCsrfFailure()).toBe(false);
  });

  it('reports a CSRF initialisation that failed, once', async () => {
    signIn();
    const auth = createAuthProvider(answering({ authenticated: true, user }), async () => {
      throw new Error('no token');
    });
    await auth.checkAuth({});
    expect(auth.takeCsrfFailure()).toBe(true);
    expect(auth.takeCsrfFailure()).toBe(false);
  });

  it('forgets a user the server no longer knows and sends them to /login', async () => {
    signIn();
    const auth = createAuthProvider(answering({ authenticated: false, user: null }), async () => 'token');
    expect(await settlesWithin(auth.checkAuth({}))).toBe('pending');
    expect((g.localStorage as Storage).getItem('user')).toBeNull();
    expect(replaced).toEqual(['/login']);
  });

  it('lets react-admin log out (with its reason on the login page) when a session ends during the visit', async () => {
    signIn();
    const http = answering({ authenticated: true, user });
    const auth = createAuthProvider(http, async () => 'token');
    await auth.checkAuth({});
    await auth.logout({});
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: '/login', message: false });
    expect(replaced).toEqual([]);
  });
});

describe('a failed call (checkError)', () => {
  it("ends the session on 401 or 403 with the server's reason, else the spec's text", async () => {
    const auth = createAuthProvider(answering({}), async () => 'token');
    await expect(auth.checkError(new ApiError('x', 401, { detail: 'Authentication credentials were not provided.' }))).rejects.toEqual({
      message: 'Authentication credentials were not provided.',
      redirectTo: '/login',
    });
    await expect(auth.checkError(new ApiError('x', 403, {}))).rejects.toEqual({ message: 'archive.session.expired', redirectTo: '/login' });
  });

  it('notes the ended session, so open forms keep their unsaved text, until the curator signs in again', async () => {
    clearSessionEnded();
    const auth = createAuthProvider(answering({ success: true, user }), async () => 'token');
    await auth.checkError(new ApiError('x', 500, {}));
    expect(sessionHasEnded()).toBe(false);
    await auth.checkError(new ApiError('x', 401, {})).catch(() => undefined);
    expect(sessionHasEnded()).toBe(true);
    await auth.login({ username: 'curator', password: 'secret' });
    expect(sessionHasEnded()).toBe(false);
  });

  it('leaves other failures, and those of calls that handle their own 401, to their screens', async () => {
    const auth = createAuthProvider(answering({}), async () => 'token');
    await expect(auth.checkError(new ApiError('x', 500, {}))).resolves.toBeUndefined();
    await expect(auth.checkError(new ApiError('x', 409, {}))).resolves.toBeUndefined();
    // A wizard upload's 401: the wizard says 'Authentication failed' and goes to /login itself.
    const http = createHttpClient({
      fetch: (async () => new Response('{"detail":"no session"}', { status: 401 })) as unknown as typeof fetch,
      csrf: { cookie: () => 't', meta: () => null, component: () => null, hiddenField: () => null },
      log: { warn: () => undefined, error: () => undefined },
    });
    const upload = await http('/api/publications/1/batch_upload_pages/', { method: 'POST', sessionExpiry: false }).catch((e: unknown) => e);
    expect(upload).toMatchObject({ status: 401 });
    await expect(auth.checkError(upload)).resolves.toBeUndefined();
  });
});

describe('logout', () => {
  it('ends the server session of a signed-in admin and clears what the browser kept', async () => {
    signIn();
    (g.localStorage as Storage).setItem('authToken', 'old');
    const http = answering({ success: true });
    const auth = createAuthProvider(http, async () => 'token');
    expect(await auth.logout({})).toBe('/login');
    expect(http.mock.calls[0][0]).toBe('/api/auth/logout/');
    expect([(g.localStorage as Storage).getItem('user'), (g.localStorage as Storage).getItem('authToken')]).toEqual([null, null]);
  });

  it('asks the server nothing when nobody was signed in', async () => {
    const http = answering({});
    expect(await createAuthProvider(http, async () => 'token').logout({})).toBe('/login');
    expect(http).not.toHaveBeenCalled();
  });
});
