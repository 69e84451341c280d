import { Logger } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { addressIsRefused } from '../../common/request-guards.js';
import { compress, PER_REQUEST, preferredEncoding } from '../application/content-encoding.js';
import type { PageAnswer, PublicPages } from '../application/ports/public-pages.port.js';
import { etagMatches, headersOf, PublicReadCache, withAcceptEncoding } from '../application/public-read-cache.js';
import { SessionCheck } from './session-check.js';

const logger = new Logger('PublicReads');

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
/** A connect-style middleware that only sets headers (helmet's, for every answer). */
type HeaderSetter = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

export interface PublicReads {
  cache: PublicReadCache;
  sessions: SessionCheck;
  /** The reader's pages, answered here rather than through Express and Nest. */
  pages: PublicPages;
  /** The security headers the application gives every answer. */
  securityHeaders: HeaderSetter;
}

/**
 * Puts the public reads in front of the application, on the node `http` server itself: a cached
 * answer is sent before Express and Nest see the request, and a reader page is rendered and sent
 * here too, since their per-request work (routing, session, middleware) cost more than the page
 * (bench/public-read-bench.mjs). Everything else goes on to the application unchanged. Requests
 * carrying a live session never get a cached answer (a curator reads what they just changed);
 * a cookie that is not a live session counts as no cookie.
 */
export function installPublicReads(server: Server, reads: PublicReads): void {
  const { cache, sessions, pages } = reads;
  const application = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const toApplication: Listener = (req, res) => {
    for (const listener of application) listener.call(server, req, res);
  };
  const pass = (req: IncomingMessage, res: ServerResponse, anonymous: boolean): void => {
    const page = pages.find(req.url ?? '/');
    if (!page) return toApplication(req, res);
    void sendPage(req, res, page, anonymous, reads);
  };

  const answer = (req: IncomingMessage, res: ServerResponse, anonymous: boolean): void => {
    PublicReadCache.markAnonymous(req, anonymous);
    if (!anonymous) return pass(req, res, false);
    const url = req.url ?? '/';
    const fresh = cache.fresh(url);
    if (fresh) return cache.send(req, res, fresh);
    const stale = cache.stale(url);
    if (!stale) return pass(req, res, true);
    // The catalog's change feed is down, so this copy may be out of date: ask the application,
    // and answer with the copy only if it fails (stale-if-error), or at once during an outage.
    if (cache.inOutage) return cache.send(req, res, stale);
    onServerError(res, () => {
      cache.noteOutage();
      cache.send(req, res, stale);
    });
    pass(req, res, true);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // An address holding U+0000 or text that is not UTF-8 is the application's to refuse (common/request-guards.ts).
    if ((req.method !== 'GET' && req.method !== 'HEAD') || addressIsRefused(req.url ?? '/')) return toApplication(req, res);
    const cookie = SessionCheck.cookieOf(req.headers.cookie);
    if (cookie === undefined) return answer(req, res, true);
    const live = sessions.isLive(cookie);
    if (typeof live === 'boolean') return answer(req, res, !live);
    void live.then((isLive) => answer(req, res, !isLive));
  });
}

/**
 * Renders a page and sends it as the application would have: its headers with the security
 * headers, an ETag (and 304 when the browser's copy is current), compressed as the browser
 * accepts; a visitor's 200 is kept by the read cache under the change token taken before its data
 * was read.
 */
async function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  render: () => Promise<PageAnswer>,
  anonymous: boolean,
  reads: PublicReads,
): Promise<void> {
  const version = anonymous ? reads.cache.currentVersion() : undefined;
  let page: PageAnswer;
  try {
    page = await render();
  } catch (err) {
    // The pages answer their own failures; anything escaping them is a bug, said plainly.
    logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    page = {
      status: 500,
      body: Buffer.from('Internal server error'),
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    };
  }
  reads.securityHeaders(req, res, () => undefined);
  const etag = PublicReadCache.etagOf(page.body);
  const vary = withAcceptEncoding(page.headers.vary);
  const headers: Record<string, string | number> = { ...page.headers, vary, etag };
  if (page.status === 200 && anonymous)
    reads.cache.store(req.url ?? '/', version, page.body, etag, { ...headersOf(res), ...headers }, page.publicationIds);
  if (page.status === 200 && etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, { etag, vary, 'cache-control': page.headers['cache-control'] ?? '' });
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = encoding ? compress(page.body, encoding, PER_REQUEST) : page.body;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Replaces a 5xx answer the application is about to send with `instead()`. Express, Nest and the
 * pages send through writeHead/write/end, so holding those back until the status is known is enough.
 */
function onServerError(res: ServerResponse, instead: () => void): void {
  const { writeHead, write, end } = res;
  let failed = false;
  const fails = (status: number): boolean => (failed ||= status >= 500 && !res.headersSent);
  const restore = (): void => {
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
  };
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (fails(status)) return this;
    return (writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (fails(this.statusCode)) return true;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    restore();
    if (!fails(this.statusCode)) return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    for (const name of this.getHeaderNames()) this.removeHeader(name);
    instead();
    return this;
  } as ServerResponse['end'];
}
