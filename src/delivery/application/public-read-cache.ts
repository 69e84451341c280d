import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { SESSION_COOKIE } from '../../auth/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { CONTENT_CHANGES, type ContentChange, type ContentChanges } from './ports/content-changes.port.js';
import { compress, preferredEncoding, type Encoding } from './content-encoding.js';
import { readCacheKey } from '../domain/read-cache-key.js';

export type Headers = Record<string, string | number | string[]>;

interface Variant {
  body: Buffer;
  headers: Headers;
  /** What a 304 carries: the validator and caching headers, no body headers. */
  notModified: Headers;
}

interface Entry {
  etag: string;
  /** The publications the answer shows; undefined: it depends on the whole catalog (lists, sitemap, search). */
  publicationIds?: number[];
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
  bytes: number;
}

const MAX_ENTRIES = 2000;
/** After the application failed while the catalog was unreachable, stale pages are served directly this long. */
const OUTAGE_HOLD_MS = 5_000;
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const ANONYMOUS = Symbol('read-cache-anonymous');
/** Where entries that depend on the whole catalog are indexed (never a publication id). */
const WHOLE_CATALOG = -1;

/**
 * Anonymous public reads (reader pages, catalog JSON, sitemap), kept in memory with their headers
 * and answered straight from the node `http` request handler, before Express and Nest
 * (see public-reads-handler.ts). Bodies are stored as sent and compressed at most once per coding.
 *
 * Invalidation: an entry records the publications it shows. A change to a publication (or to one
 * of its poems) drops the entries showing it, plus every entry that depends on the whole catalog
 * (home, lists, sitemap, search: anything stored without publication ids). Changes come from
 * CONTENT_CHANGES (the catalog's change notifications, on every replica); while its listener is down, entries are kept but no longer
 * fresh: they are only served if the application fails meanwhile (stale-if-error, for a database
 * outage), and all are dropped when it reconnects.
 */
@Injectable()
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byPublication = new Map<number, Set<string>>();
  private bytes = 0;
  /** Moves on every change; `lastChange` keeps when each publication (and "everything") last changed. */
  private sequence = 1;
  private everythingChangedAt = 1;
  private readonly lastChange = new Map<number, number>();
  private outageUntil = 0;
  /** What the kept answers may take in all, bodies and their codings (READ_CACHE_MB). */
  private readonly maxBytes: number;
  /** Off when READ_CACHE_MB is 0: every read is then made by the application. */
  enabled: boolean;

  constructor(
    @Inject(CONTENT_CHANGES) private readonly changes: ContentChanges,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'readCacheBytes'>,
  ) {
    this.maxBytes = config.readCacheBytes;
    this.enabled = this.maxBytes > 0;
    changes.onChange((change) => this.changed(change));
  }

  /** The token to store an answer under, taken before its data is read; undefined when nothing may be stored. */
  currentVersion(): number | undefined {
    return this.enabled && this.changes.reliable ? this.sequence : undefined;
  }

  static etagOf(body: Buffer): string {
    return `"${createHash('sha1').update(body).digest('base64url')}"`;
  }

  /** Whether the request counts as a visitor's: no live session (the request handler decided), or no session cookie at all. */
  static isAnonymous(req: Request | IncomingMessage): boolean {
    const marked = (req as unknown as Record<symbol, boolean | undefined>)[ANONYMOUS];
    if (marked !== undefined) return marked;
    const cookie = req.headers.cookie;
    return !cookie || !cookie.includes(`${SESSION_COOKIE}=`);
  }

  static markAnonymous(req: IncomingMessage, anonymous: boolean): void {
    (req as unknown as Record<symbol, boolean>)[ANONYMOUS] = anonymous;
  }

  /**
   * Keeps an answer with its final headers (as it is about to be sent), under its address's key:
   * parameters the address does not take are left out (read-cache-key.ts). `publicationIds`: the
   * publications it shows, when it shows only those; leave it out for anything that depends on
   * the whole catalog.
   */
  store(url: string, version: number | undefined, body: Buffer, etag: string, sent: Headers, publicationIds?: number[]): void {
    const key = readCacheKey(url);
    if (publicationIds?.length === 0) publicationIds = undefined;
    if (version === undefined || !this.enabled || !this.changes.reliable || body.length > this.maxBytes / 16) return;
    // Changed since the data was read: the answer may already be out of date.
    if (this.everythingChangedAt > version) return;
    if (!publicationIds && this.sequence !== version) return;
    if (publicationIds?.some((id) => (this.lastChange.get(id) ?? 0) > version)) return;

    const headers: Headers = {};
    for (const [name, value] of Object.entries(sent)) {
      if (value !== undefined && name !== 'set-cookie' && name !== 'date' && name !== 'content-encoding') headers[name] = value;
    }
    headers.vary = withAcceptEncoding(headers.vary);
    headers['content-length'] = body.length;
    this.delete(key);
    const entry: Entry = { etag, publicationIds, identity: variant(body, { ...headers, etag }), encoded: {}, bytes: body.length };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const id of publicationIds ?? [WHOLE_CATALOG]) {
      let keys = this.byPublication.get(id);
      if (!keys) this.byPublication.set(id, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > MAX_ENTRIES || this.bytes > this.maxBytes) this.delete(this.entries.keys().next().value as string);
  }

  /** A fresh entry for the address (path and query, as sent), if any. */
  fresh(url: string): Entry | undefined {
    return this.enabled && this.changes.reliable ? this.entries.get(readCacheKey(url)) : undefined;
  }

  /** An entry kept from before the change listener went down, to answer with if the application fails. */
  stale(url: string): Entry | undefined {
    return this.enabled && !this.changes.reliable ? this.entries.get(readCacheKey(url)) : undefined;
  }

  /** The application failed while stale entries were standing by: the database is likely away. */
  noteOutage(): void {
    this.outageUntil = Date.now() + OUTAGE_HOLD_MS;
  }

  /** Stale pages are answered at once: the application just failed, or the change listener cannot reach the database either. */
  get inOutage(): boolean {
    return !this.changes.reliable && (Date.now() < this.outageUntil || this.changes.unreachable);
  }

  /** Answers from an entry in the coding the client prefers, or 304 when its copy is current. */
  send(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const chosen = encoding ? this.encoded(entry, encoding) : entry.identity;
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      res.writeHead(304, chosen.notModified);
      res.end();
      return;
    }
    res.writeHead(200, chosen.headers);
    res.end(req.method === 'HEAD' ? undefined : chosen.body);
  }

  private encoded(entry: Entry, encoding: Encoding): Variant {
    let found = entry.encoded[encoding];
    if (!found) {
      const body = compress(entry.identity.body, encoding);
      // One ETag for every coding, as the compression middleware gives cache misses.
      found = variant(body, { ...entry.identity.headers, 'content-encoding': encoding, 'content-length': body.length });
      entry.encoded[encoding] = found;
      entry.bytes += body.length;
      this.bytes += body.length;
    }
    return found;
  }

  private changed(change: ContentChange): void {
    const at = ++this.sequence;
    if (change === 'everything') {
      this.everythingChangedAt = at;
      for (const key of [...this.entries.keys()]) this.delete(key);
      return;
    }
    for (const id of change.publicationIds) this.lastChange.set(id, at);
    for (const id of [...change.publicationIds, WHOLE_CATALOG]) {
      for (const key of [...(this.byPublication.get(id) ?? [])]) this.delete(key);
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.bytes;
    this.entries.delete(key);
    for (const id of old.publicationIds ?? [WHOLE_CATALOG]) {
      const keys = this.byPublication.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byPublication.delete(id);
    }
  }
}

function variant(body: Buffer, headers: Headers): Variant {
  const notModified: Headers = {};
  for (const name of ['etag', 'cache-control', 'vary', 'content-location', 'expires']) {
    if (headers[name] !== undefined) notModified[name] = headers[name];
  }
  return { body, headers, notModified };
}

/** The headers set on an answer so far. */
export function headersOf(res: ServerResponse): Headers {
  const headers: Headers = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined) headers[name] = value;
  return headers;
}

/** A Vary header naming Accept-Encoding beside what it already names. */
export function withAcceptEncoding(vary: Headers[string] | undefined): string {
  const names = String(vary ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names.some((n) => n.toLowerCase() === 'accept-encoding')) names.push('Accept-Encoding');
  return names.join(', ');
}

/** Whether an If-None-Match header names this ETag (weak or strong), or is *. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
