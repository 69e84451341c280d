import { Module } from '@nestjs/common';
import { CatalogCommands } from './application/catalog-commands.js';
import { CatalogEvents } from './application/catalog-events.js';
import { CatalogQueries } from './application/catalog-queries.js';
import { CATALOG_REPOSITORY } from './application/ports/catalog.repository.port.js';
import { CatalogChanges } from './infrastructure/catalog-changes.js';
import { TypeOrmCatalogRepository } from './infrastructure/catalog.typeorm-repository.js';

/**
 * The catalog without HTTP: what the reader pages, the scan jobs and the worker process use.
 * The worker imports only this, so it starts no controllers and no admin bootstrap.
 */
@Module({
  providers: [
    CatalogChanges,
    { provide: CATALOG_REPOSITORY, useClass: TypeOrmCatalogRepository },
    CatalogQueries,
    CatalogCommands,
    CatalogEvents,
  ],
  exports: [CatalogQueries, CatalogCommands, CatalogChanges, CatalogEvents],
})
export class CatalogCoreModule {}
