/**
 * The reader's pages, which the application's request handler answers (bootstrap.ts).
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { SitePages } from './application/site-pages.service.js';
