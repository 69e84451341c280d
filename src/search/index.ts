/**
 * Search over the published catalog.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { SearchModule } from './search.module.js';
export { SearchService } from './application/search.service.js';
