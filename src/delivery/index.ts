/**
 * How public reads are delivered: its Nest module, the read cache, its interceptor and cache policy.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { DeliveryModule } from './delivery.module.js';
export { headersOf, PUBLIC_CACHE_CONTROL, PublicReadCache } from './application/public-read-cache.js';
export type { PageAnswer, PublicPages } from './application/ports/public-pages.port.js';
export { PublicReadInterceptor } from './http/public-read.interceptor.js';
export { CONTENT_CHANGES } from './application/ports/content-changes.port.js';
export type { ContentChange, ContentChanges } from './application/ports/content-changes.port.js';
