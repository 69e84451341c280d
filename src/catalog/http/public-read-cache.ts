import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CatalogChanges } from '../infrastructure/catalog-changes.js';
import { SESSION_COOKIE } from '../../auth/session.config.js';

interface Entry {
  version: number;
  body: Buffer;
  etag: string;
  /** Every header of the original answer (security headers included), replayed as they were. */
  headers: Record<string, string | number | string[]>;
}

const MAX_ENTRIES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Answers repeated anonymous reads from memory. An entry is valid only for the catalog version it
 * was made under (CatalogChanges moves the version on any change, on any replica), so it can never
 * serve data another replica has changed; while change notifications are not reliable, nothing is
 * cached. Requests carrying a session cookie (the admin) are never served from here.
 */
@Injectable()
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly changes: CatalogChanges) {}

  /** The catalog version to store a response under, captured before the data is read. */
  currentVersion(): number | undefined {
    return this.changes.reliable ? this.changes.version : undefined;
  }

  static etagOf(body: Buffer): string {
    return `"${createHash('sha1').update(body).digest('base64url')}"`;
  }

  /** Keeps an answer whose headers are final (call it when the response is about to be sent). */
  store(key: string, version: number | undefined, body: Buffer, etag: string, res: Response): void {
    if (version === undefined || version !== this.changes.version || body.length > MAX_BYTES / 16) return;
    const headers: Entry['headers'] = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value !== undefined && name !== 'set-cookie' && name !== 'date') headers[name] = value;
    }
    headers['content-length'] = body.length;
    this.delete(key);
    this.entries.set(key, { version, body, etag, headers });
    this.bytes += body.length;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      this.delete(this.entries.keys().next().value as string);
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.body.length;
    this.entries.delete(key);
  }

  static isAnonymous(req: Request): boolean {
    const cookie = req.headers.cookie;
    return !cookie || !cookie.includes(`${SESSION_COOKIE}=`);
  }

  /**
   * Express middleware ahead of everything else: answers a valid entry with the headers the full
   * stack gave it (security headers included), else lets the request through.
   */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const entry = this.entries.get(req.url);
      if (!entry || !this.changes.reliable || entry.version !== this.changes.version || !PublicReadCache.isAnonymous(req)) {
        return next();
      }
      if (matches(req.headers['if-none-match'], entry.etag)) {
        const { 'content-length': _length, 'content-type': _type, ...rest } = entry.headers;
        res.writeHead(304, rest);
        res.end();
        return;
      }
      res.writeHead(200, entry.headers);
      res.end(req.method === 'HEAD' ? undefined : entry.body);
    };
  }
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
