import type { Request, Response } from 'express';

/** The cookie a browser gets when an admin signs in on it (its token: TrustedDevices). */
export const DEVICE_COOKIE = 'archive_device';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The browser's device token, if it has one. */
export function deviceToken(req: Request): string | undefined {
  return cookieValue(req.headers.cookie, DEVICE_COOKIE);
}

export function setDeviceCookie(res: Response, token: string, secure: boolean): void {
  res.cookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/auth/',
    maxAge: ONE_YEAR_MS,
  });
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
