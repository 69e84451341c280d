import type { RequestHandler } from 'express';
import session from 'express-session';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { DatabaseSessionStore } from '../infrastructure/session-store.js';

export const SESSION_COOKIE = 'sessionid';
const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;

/** The `sessionid` cookie: HttpOnly, SameSite=Lax, Secure behind HTTPS; sessions stored in the database. */
export function sessionMiddleware(
  db: DataSource,
  secret: string,
  config: AppConfig,
): { handler: RequestHandler; store: DatabaseSessionStore } {
  const store = new DatabaseSessionStore(db);
  const handler = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false, // visitors never get a session, so public reads stay cookie-free and cacheable
    rolling: false,
    proxy: config.trustProxy,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: SESSION_TTL_MS, path: '/' },
  });
  return { handler, store };
}
