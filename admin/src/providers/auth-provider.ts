import type { AuthProvider } from 'react-admin';
import type { AuthCheckAnswer, LoginAnswer } from '../../../contracts/auth.js';
import { ApiError, isNetworkError, serverField } from '../../../contracts/errors.js';
import { AUTH_CHECK_TIMEOUT_MS } from '../constants.js';
import { initCsrfToken } from './csrf.js';
import { callerHandlesAuth, httpClient as defaultHttpClient, type HttpClient } from './http-client.js';
import {
  clearLocalAuth,
  clearSessionCookies,
  clearSessionEnded,
  getStoredUser,
  noteSessionEnded,
  rememberReturnTo,
  storeUser,
} from './session.js';

/** Where every sign-out and refused session lands (outside the /admin router). */
export const LOGIN_PATH = '/login';

export interface ArchiveAuthProvider extends AuthProvider {
  /** One server round trip, 3 s at most; a timeout or network error counts as not authenticated. */
  checkSession(): Promise<AuthCheckAnswer>;
  /** True once, after a session check whose CSRF initialisation failed (the layout tells the admin). */
  takeCsrfFailure(): boolean;
}

/**
 * Sessions for react-admin (SPEC sections 4 and 6). The guard validates the session with the
 * server once per visit (react-admin asks again on every page, answered from that first check);
 * a 401 or 403 on a data call afterwards ends the session with the server's reason.
 * Errors carry translation keys or the server's own text; the screens translate them.
 */
export function createAuthProvider(http: HttpClient = defaultHttpClient, csrfInit = () => initCsrfToken()): ArchiveAuthProvider {
  let validated: Promise<boolean> | null = null;
  let csrfFailed = false;
  /** This page load has had a valid session (its end goes to /login with react-admin's logout). */
  let sessionSeen = false;

  async function checkSession(): Promise<AuthCheckAnswer> {
    try {
      const res = await http<AuthCheckAnswer>('/api/auth/check/', { timeoutMs: AUTH_CHECK_TIMEOUT_MS, sessionExpiry: false });
      const answer = res.json ?? { authenticated: false, user: null };
      if (answer.authenticated && answer.user) storeUser(answer.user);
      return { authenticated: Boolean(answer.authenticated && answer.user), user: answer.user ?? null };
    } catch (err) {
      if (err instanceof ApiError && (err.body as { timeout?: boolean } | null)?.timeout)
        console.warn(`Auth check timed out after ${AUTH_CHECK_TIMEOUT_MS} ms`);
      else if (isNetworkError(err)) console.warn('Auth check failed: the backend may be unavailable');
      else console.warn('Auth check failed', err);
      return { authenticated: false, user: null };
    }
  }

  async function validateOnce(): Promise<boolean> {
    const answer = await checkSession();
    if (!answer.authenticated) return false;
    sessionSeen = true;
    try {
      await csrfInit();
    } catch (err) {
      console.error('CSRF initialisation failed', err);
      csrfFailed = true;
    }
    return true;
  }

  const signedOut = () => ({ redirectTo: LOGIN_PATH, message: false });

  function leaveForLogin(): void {
    if (typeof window === 'undefined' || !/^\/admin(\/|$)/.test(window.location.pathname)) return;
    rememberReturnTo(`${window.location.pathname}${window.location.search}`);
    window.location.replace(LOGIN_PATH);
  }

  return {
    checkSession,

    takeCsrfFailure() {
      const failed = csrfFailed;
      csrfFailed = false;
      return failed;
    },

    async login({ username, password }: { username: string; password: string }) {
      await csrfInit().catch((err) => console.error('CSRF initialisation failed', err));
      let res;
      try {
        res = await http<LoginAnswer>('/api/auth/login/', { method: 'POST', body: { username, password }, sessionExpiry: false });
      } catch (err) {
        if (isNetworkError(err)) throw new Error('archive.login.network', { cause: err });
        throw new Error(serverField(err, 'error') || (err instanceof ApiError && err.body ? err.message : '') || 'archive.login.failed', {
          cause: err,
        });
      }
      if (!res.json?.success || !res.json.user) throw new Error(res.json?.error || 'archive.login.failed');
      storeUser(res.json.user);
      validated = Promise.resolve(true);
      sessionSeen = true;
      clearSessionEnded();
      // The session changed, so the server rotated the token: fetch the fresh one for later writes.
      await csrfInit().catch((err) => console.error('CSRF initialisation failed', err));
      // The wrong passwords given for the account since its last sign-in: the login page tells the admin.
      return { redirectTo: false, failedLogins: res.json.failed_logins ?? null };
    },

    async logout() {
      const hadUser = getStoredUser() !== null;
      validated = null;
      if (hadUser) {
        try {
          await http('/api/auth/logout/', { method: 'POST', sessionExpiry: false });
        } catch (err) {
          console.error('Logout request failed; clearing the local session anyway', err);
        }
      }
      clearSessionCookies();
      clearLocalAuth();
      return LOGIN_PATH;
    },

    async checkAuth() {
      // A known user is validated with the server once per visit; no known user is not asked about.
      if (getStoredUser()) {
        validated ??= validateOnce();
        if (await validated) return;
        validated = null;
        clearLocalAuth();
      }
      // A session that ended during this visit: react-admin logs out and shows /login with the reason.
      if (sessionSeen) {
        noteSessionEnded();
        throw signedOut();
      }
      // None on entry: the login page is loaded in place of the admin, remembering where the visitor
      // was going. Loading it (rather than react-admin's logout and client-side navigation) leaves
      // the admin's routes at once instead of re-checking in a loop until the navigation lands.
      leaveForLogin();
      return new Promise<void>(() => undefined);
    },

    async checkError(error: unknown) {
      const status = (error as { status?: unknown } | null)?.status;
      if ((status !== 401 && status !== 403) || callerHandlesAuth(error)) return;
      // react-admin notifies this message, then logs out (clearing cookies and local data) and
      // goes to /login, remembering the page for after signing in.
      noteSessionEnded();
      throw { message: serverField(error, 'detail') ?? serverField(error, 'error') ?? 'archive.session.expired', redirectTo: LOGIN_PATH };
    },

    async getIdentity() {
      const user = getStoredUser();
      if (!user) throw new Error('not logged in');
      return { id: user.username, fullName: user.username };
    },

    async getPermissions() {
      return getStoredUser()?.is_staff ? ['staff'] : [];
    },
  };
}

export const authProvider = createAuthProvider();
