/**
 * The catalog's public surface: its Nest module, its read and write APIs and the other ports it offers (inject by
 * token), the domain types they answer, and those types as the API sends them (contracts/).
 * Its entities and adapters stay inside. Other modules import from here only (checked by
 * dependency-cruiser).
 */
export { CatalogModule } from './catalog.module.js';
export { CatalogEvents } from './application/catalog-events.js';
export type { DiscardedScans } from './application/catalog-events.js';
export { CATALOG_READ_API, CATALOG_WRITE_API } from './application/catalog.contract.js';
export type { CatalogReadApi, CatalogWriteApi, Viewer } from './application/catalog.contract.js';
export { toContentsEntryResponse, toPoemResponse, toPublicationResponse } from './application/catalog-responses.js';
export { CATALOG_CHANGE_NOTICES } from './application/ports/catalog-change-notices.port.js';
export type { CatalogChangeNotices, TransactionStatements } from './application/ports/catalog-change-notices.port.js';
export type { Poem } from './domain/poem.js';
export { countLines, countWords } from './domain/poem-text.js';
export {
  alignReading,
  capitalsSplits,
  isPoemReading,
  lostAccents,
  misplacedCapitals,
  pageThreshold,
  splitWords,
  unpairedMarks,
} from './domain/poem-reading.js';
export type { ReadLine, ReadWord } from './domain/poem-reading.js';
export type { Publication } from './domain/publication.js';
