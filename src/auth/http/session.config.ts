import type { RequestHandler } from 'express';
import session from 'express-session';
import type { AppConfig } from '../../config/app-config.js';

export const SESSION_COOKIE = 'sessionid';
const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;

/** The `sessionid` cookie: HttpOnly, SameSite=Lax, Secure behind HTTPS; sessions kept in `store` (the database's). */
export function sessionMiddleware(store: session.Store, secret: string, config: AppConfig): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false, // visitors never get a session, so public reads stay cookie-free and cacheable
    rolling: false,
    proxy: config.trustProxy,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: SESSION_TTL_MS, path: '/' },
  });
}
