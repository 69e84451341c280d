/**
 * Search over the published catalog.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { SearchService } from './application/search.service.js';
