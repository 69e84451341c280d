import type { AuthProvider } from 'react-admin';
import { AUTH_CHECK_TIMEOUT_MS } from '../constants.js';
import { MSG } from '../messages.js';
import { ApiError, serverErrorField } from './api-error.js';
import { initCsrfToken } from './csrf.js';
import { httpClient as defaultHttpClient, type HttpClient } from './http-client.js';
import { clearLocalAuth, clearSessionCookies, getStoredUser, storeUser, type StoredUser } from './session.js';

export interface AuthCheckAnswer {
  authenticated: boolean;
  user: StoredUser | null;
}

export interface ArchiveAuthProvider extends AuthProvider {
  /** One server round trip, 3 s at most; a timeout or network error counts as not authenticated. */
  checkSession(): Promise<AuthCheckAnswer>;
}

export function createAuthProvider(http: HttpClient = defaultHttpClient, csrfInit = () => initCsrfToken()): ArchiveAuthProvider {
  async function checkSession(): Promise<AuthCheckAnswer> {
    try {
      const res = await http<AuthCheckAnswer>('/api/auth/check/', { timeoutMs: AUTH_CHECK_TIMEOUT_MS, sessionExpiry: false });
      const answer = res.json ?? { authenticated: false, user: null };
      if (answer.authenticated && answer.user) storeUser(answer.user);
      return { authenticated: Boolean(answer.authenticated && answer.user), user: answer.user ?? null };
    } catch (err) {
      if (err instanceof ApiError && (err.body as { timeout?: boolean } | null)?.timeout) console.warn(`Auth check timed out after ${AUTH_CHECK_TIMEOUT_MS} ms`);
      else if (err instanceof ApiError && err.isNetwork) console.warn('Auth check failed: the backend may be unavailable');
      else console.warn('Auth check failed', err);
      return { authenticated: false, user: null };
    }
  }

  return {
    checkSession,

    async login({ username, password }: { username: string; password: string }) {
      try {
        await csrfInit();
      } catch (err) {
        console.error(MSG.session.csrfInitFailed, err);
      }
      let res;
      try {
        res = await http<{ success: boolean; user?: StoredUser; error?: string }>('/api/auth/login/', {
          method: 'POST',
          body: { username, password },
          sessionExpiry: false,
        });
      } catch (err) {
        if (err instanceof ApiError && err.isNetwork) throw new Error(MSG.login.network);
        throw new Error(serverErrorField(err) || (err instanceof ApiError && err.body ? err.message : '') || MSG.login.failed);
      }
      if (!res.json?.success || !res.json.user) throw new Error(res.json?.error || MSG.login.failed);
      storeUser(res.json.user);
      // The session changed, so the server rotates the token; fetch the fresh one for later writes.
      await csrfInit().catch((err) => console.error(MSG.session.csrfInitFailed, err));
      return { redirectTo: false };
    },

    async logout() {
      try {
        await http('/api/auth/logout/', { method: 'POST', sessionExpiry: false });
      } catch (err) {
        console.error('Logout request failed; clearing the local session anyway', err);
      }
      clearSessionCookies();
      clearLocalAuth();
      return '/login';
    },

    async checkAuth() {
      if (!getStoredUser()) throw new Error('not logged in');
      const answer = await checkSession();
      if (!answer.authenticated) {
        clearLocalAuth();
        throw new Error('not logged in');
      }
    },

    async checkError(error: { status?: number }) {
      // Session expiry (alert and redirect) is handled by the HTTP client; react-admin must not log out twice.
      if (error?.status === 401 || error?.status === 403) return;
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
