/**
 * How public reads are delivered: the read cache, its interceptor and cache policy.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { headersOf, PUBLIC_CACHE_CONTROL, PublicReadCache } from './public-read-cache.js';
export type { PageAnswer, PublicPages } from './public-pages.js';
export { PublicReadInterceptor } from './public-read.interceptor.js';
export { CONTENT_CHANGES } from './content-changes.port.js';
export type { ContentChange, ContentChanges } from './content-changes.port.js';
