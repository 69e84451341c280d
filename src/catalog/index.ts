/**
 * The catalog's public surface: its read and write APIs (inject by token), the domain types they
 * answer, the response mappers, change notifications for caches, and the entities for the DataSource.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { CatalogEvents } from './application/catalog-events.js';
export type { DiscardedScans } from './application/catalog-events.js';
export { CATALOG_READ_API, CATALOG_WRITE_API } from './application/catalog.contract.js';
export type { CatalogReadApi, CatalogWriteApi, Viewer } from './application/catalog.contract.js';
export type { Poem } from './domain/poem.js';
export { countLines, countWords } from './domain/poem-text.js';
export type { Publication } from './domain/publication.js';
export { CatalogChanges } from './infrastructure/catalog-changes.js';
export type { CatalogChange } from './infrastructure/catalog-changes.js';
export { PoemEntity } from './infrastructure/persistence/poem.entity.js';
export { PublicationEntity } from './infrastructure/persistence/publication.entity.js';
export { PoemMapper } from './mappers/poem.mapper.js';
export { PublicationMapper } from './mappers/publication.mapper.js';
