/**
 * The page store, and what a photo is by its bytes, for modules that back up or restore page
 * photos; the photos each poem was read from, for the reader's printed pages.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { FileSystemPageStore } from './infrastructure/page-store/file-system.page-store.js';
export { detectImageType } from './infrastructure/images/page-image.intake.js';
export { PAGE_STORE, PageNotStoredError } from './application/ports/page-store.port.js';
export type { PageStore } from './application/ports/page-store.port.js';
export { PoemPagesModule } from './poem-pages.module.js';
export { PoemPages } from './application/poem-pages.service.js';
