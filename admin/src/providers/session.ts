import { LOCAL_AUTH_KEYS, SESSION_COOKIES, SESSION_REDIRECT_DELAY_MS } from '../constants.js';
import { MSG } from '../messages.js';
import { setComponentCsrfToken } from './csrf.js';

export interface StoredUser {
  username: string;
  is_staff: boolean;
}

const RETURN_TO_KEY = 'admin.returnTo';

/** The browser pieces session handling touches; replaced in unit tests. */
export interface BrowserEnv {
  pathname(): string;
  alert(text: string): void;
  go(path: string): void;
  setTimeout(fn: () => void, ms: number): unknown;
}

export const browserEnv: BrowserEnv = {
  pathname: () => window.location.pathname,
  alert: (text) => window.alert(text),
  go: (path) => window.location.assign(path),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
};

export function getStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: StoredUser): void {
  localStorage.setItem('user', JSON.stringify(user));
}

export function clearSessionCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of SESSION_COOKIES) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export function clearLocalAuth(): void {
  if (typeof localStorage === 'undefined') return;
  for (const key of LOCAL_AUTH_KEYS) localStorage.removeItem(key);
  setComponentCsrfToken(null);
}

export function rememberReturnTo(path: string): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(RETURN_TO_KEY, path);
}

export function takeReturnTo(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  const value = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return value && value.startsWith('/admin') ? value : null;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

let expiring = false;

/**
 * SPEC section 6: on 401/403 on an admin path other than /login, clear the session, alert the
 * server's detail (or the expiry text) and go to /login after 100 ms. Parallel failures alert once.
 */
export function handleSessionExpiry(detail: string | undefined, env: BrowserEnv = browserEnv): boolean {
  const path = env.pathname();
  if (path === '/login' || !isAdminPath(path)) return false;
  if (expiring) return true;
  expiring = true;
  rememberReturnTo(path);
  clearSessionCookies();
  clearLocalAuth();
  env.alert(detail || MSG.session.expired);
  env.setTimeout(() => {
    expiring = false;
    env.go('/login');
  }, SESSION_REDIRECT_DELAY_MS);
  return true;
}
