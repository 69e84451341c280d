import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { PublicReadCache } from './public-read-cache.js';
import { SessionCheck } from './session-check.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the read cache in front of the application on the node `http` server itself: a cache hit is
 * answered before Express and Nest see the request (their per-request work costs more than the
 * answer), everything else goes on to the application unchanged. Requests carrying a live
 * session never get a cached answer; a cookie that is not one counts as no cookie.
 */
export function installReadCache(server: Server, cache: PublicReadCache, sessions: SessionCheck): void {
  const application = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const pass: Listener = (req, res) => {
    for (const listener of application) listener.call(server, req, res);
  };

  const answer = (req: IncomingMessage, res: ServerResponse, anonymous: boolean): void => {
    PublicReadCache.markAnonymous(req, anonymous);
    if (!anonymous) return pass(req, res);
    const key = req.url ?? '/';
    const fresh = cache.fresh(key);
    if (fresh) return cache.send(req, res, fresh);
    const stale = cache.stale(key);
    if (!stale) return pass(req, res);
    // The catalog's change feed is down, so this copy may be out of date: ask the application,
    // and answer with the copy only if it fails (stale-if-error), or at once during an outage.
    if (cache.inOutage) return cache.send(req, res, stale);
    onServerError(res, () => {
      cache.noteOutage();
      cache.send(req, res, stale);
    });
    pass(req, res);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return pass(req, res);
    const cookie = SessionCheck.cookieOf(req.headers.cookie);
    if (cookie === undefined) return answer(req, res, true);
    const live = sessions.isLive(cookie);
    if (typeof live === 'boolean') return answer(req, res, !live);
    void live.then((isLive) => answer(req, res, !isLive));
  });
}

/**
 * Replaces a 5xx answer the application is about to send with `instead()`. Express and Nest send
 * through writeHead/write/end, so holding those back until the status is known is enough.
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
