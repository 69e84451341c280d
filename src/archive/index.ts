/**
 * Backup and restore of the whole archive.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { ArchiveExporter } from './application/archive-exporter.js';
export { ArchiveImporter } from './application/archive-importer.js';
export type { RestoreSummary } from './application/archive-importer.js';
export { ArchiveError } from './domain/archive.errors.js';
