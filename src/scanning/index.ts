/**
 * The page store, and what a photo is by its bytes, for modules that back up or restore page
 * photos; the photos each poem was read from, for the reader's printed pages.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { detectImageType } from './domain/image-type.js';
export { PAGE_STORE, PageNotStoredError } from './application/ports/page-store.port.js';
export type { PageStore } from './application/ports/page-store.port.js';
export { PoemPagesModule } from './poem-pages.module.js';
export { PoemPages } from './application/poem-pages.service.js';
