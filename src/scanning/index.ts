/**
 * The page store, for modules that back up or restore page photos.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { PAGE_STORE, PageNotStoredError } from './application/ports/page-store.port.js';
export type { PageStore } from './application/ports/page-store.port.js';
