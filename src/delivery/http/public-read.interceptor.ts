import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import { isStaff } from '../../auth/index.js';
import { headersOf, PUBLIC_CACHE_CONTROL, PublicReadCache } from '../application/public-read-cache.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The publications a catalog answer shows, for invalidation: a publication, a poem, or a
 * publication's poems. Anything else (lists, an empty list) depends on the whole catalog.
 */
function publicationsShown(value: unknown): number[] | undefined {
  const items = Array.isArray(value) ? value : [value];
  const ids = new Set<number>();
  for (const item of items as Array<Record<string, unknown> | null>) {
    if (typeof item?.publication_id === 'number') ids.add(item.publication_id);
    else if (!Array.isArray(value) && typeof item?.id === 'number' && 'poem_count' in item) ids.add(item.id);
    else return undefined;
  }
  return ids.size > 0 ? [...ids] : undefined;
}

/**
 * On public catalog reads: stores the answer for the read cache and sets validators so a repeat
 * visit costs a 304. Staff answers are private and never stored.
 */
@Injectable()
export class PublicReadInterceptor implements NestInterceptor {
  constructor(private readonly cache: PublicReadCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    if (isStaff(req) || req.query.admin === 'true') {
      res.setHeader('Cache-Control', 'private, no-store');
      return next.handle();
    }
    const cacheable = PublicReadCache.isAnonymous(req);
    const version = cacheable ? this.cache.currentVersion() : undefined;
    return next.handle().pipe(
      map((value) => {
        const body = JSON.stringify(value);
        const bytes = Buffer.from(body);
        const etag = PublicReadCache.etagOf(bytes);
        res.setHeader('Content-Type', JSON_TYPE);
        res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
        res.setHeader('Vary', 'Cookie');
        res.setHeader('ETag', etag);
        if (cacheable) this.cache.store(req.originalUrl, version, bytes, etag, headersOf(res), publicationsShown(value));
        // A string answer goes through res.send, which turns a matching If-None-Match into 304.
        return body;
      }),
    );
  }
}
