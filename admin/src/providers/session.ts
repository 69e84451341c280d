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
