/**
 * The photos each poem was read from, for the reader's printed pages.
 * Other modules import from here only (checked by dependency-cruiser). Stored files themselves
 * (the store, what a photo is by its bytes) are the media module's.
 */
export { PoemPagesModule } from './poem-pages.module.js';
export { PoemPages } from './application/poem-pages.service.js';
