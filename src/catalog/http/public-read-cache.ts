import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CatalogChanges } from '../infrastructure/catalog-changes.js';
import { SESSION_COOKIE } from '../../auth/session.config.js';

interface Entry {
  version: number;
  body: Buffer;
  etag: string;
  contentType: string;
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

  store(key: string, version: number | undefined, body: Buffer, contentType: string): string {
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    if (version === undefined || version !== this.changes.version || body.length > MAX_BYTES / 16) return etag;
    this.delete(key);
    this.entries.set(key, { version, body, etag, contentType });
    this.bytes += body.length;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      this.delete(this.entries.keys().next().value as string);
    }
    return etag;
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

  /** Express middleware in front of the router: serves a valid entry, else lets the request through. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const entry = this.entries.get(req.originalUrl);
      if (!entry || !this.changes.reliable || entry.version !== this.changes.version || !PublicReadCache.isAnonymous(req)) {
        return next();
      }
      res.setHeader('Content-Type', entry.contentType);
      res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
      res.setHeader('ETag', entry.etag);
      res.setHeader('Vary', 'Cookie');
      if (req.headers['if-none-match'] === entry.etag) {
        res.statusCode = 304;
        res.end();
        return;
      }
      res.setHeader('Content-Length', entry.body.length);
      res.end(req.method === 'HEAD' ? undefined : entry.body);
    };
  }
}
