import type { AuthUser } from '../../../contracts/auth.js';
import { LOCAL_AUTH_KEYS, SESSION_COOKIES } from '../constants.js';
import { setComponentCsrfToken } from './csrf.js';

/** The signed-in user, kept in localStorage ('user') so the guard knows whom to validate. */
export function getStoredUser(): AuthUser | null {
  try {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as AuthUser) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: AuthUser): void {
  localStorage.setItem('user', JSON.stringify(user));
}

/** SPEC section 9: the cookies cleared when a session ends. */
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

const RETURN_TO_KEY = 'admin.returnTo';

/** The admin page to come back to after signing in, across a full load of /login. */
export function rememberReturnTo(path: string): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(RETURN_TO_KEY, path);
}

export function takeReturnTo(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  const value = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return value && (value === '/admin' || value.startsWith('/admin/') || value.startsWith('/admin?')) ? value : null;
}

/**
 * Whether this page's session ended while in use (signed out elsewhere, removed, expired): open
 * forms then keep their unsaved text for after signing in, and the login page says why it is
 * asked. Cleared by signing in.
 */
let sessionEnded = false;

export function noteSessionEnded(): void {
  sessionEnded = true;
}

export function sessionHasEnded(): boolean {
  return sessionEnded;
}

export function clearSessionEnded(): void {
  sessionEnded = false;
}
