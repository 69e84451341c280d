/**
 * What other modules report to the health check.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { QUEUE_HEALTH } from './application/ports/queue-health.port.js';
export type { QueueHealth } from './application/ports/queue-health.port.js';
export { PAGE_STORE_HEALTH } from './application/ports/page-store-health.port.js';
export type { PageStoreHealth } from './application/ports/page-store-health.port.js';
