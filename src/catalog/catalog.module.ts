import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogCommands } from './application/catalog-commands.js';
import { CatalogEvents } from './application/catalog-events.js';
import { CatalogHistory } from './application/catalog-history.js';
import { CatalogQueries } from './application/catalog-queries.js';
import { CATALOG_READ_API, CATALOG_WRITE_API } from './application/catalog.contract.js';
import { CATALOG_CHANGE_NOTICES } from './application/ports/catalog-change-notices.port.js';
import { CATALOG_REPOSITORY } from './application/ports/catalog.repository.port.js';
import { CONTENT_CHANGES } from '../delivery/index.js';
import { CatalogChanges } from './infrastructure/catalog-changes.js';
import { TypeOrmCatalogRepository } from './infrastructure/catalog.typeorm-repository.js';
import { PoemEntity } from './infrastructure/persistence/poem.entity.js';
import { PoemProofreading } from './application/poem-proofreading.js';
import { ProofreadingPlace } from './application/proofreading-place.js';
import { PROOFREADING_PLACES } from './application/ports/proofreading-places.port.js';
import { SqlProofreadingPlaces } from './infrastructure/proofreading-places.sql-store.js';
import { PublicationEntity } from './infrastructure/persistence/publication.entity.js';

/**
 * The catalog without HTTP: what the reader pages, the scan jobs and the worker process use.
 * The worker imports only this, so it starts no controllers and no admin bootstrap. Other modules
 * inject CATALOG_READ_API / CATALOG_WRITE_API (the interfaces of catalog.contract.ts); the classes
 * stay exported for the catalog's own controllers and for tests that seed data.
 */
@Module({
  // The catalog's tables, mapped by the DataSource (DatabaseModule loads every module's entities).
  imports: [TypeOrmModule.forFeature([PublicationEntity, PoemEntity])],
  providers: [
    CatalogChanges,
    // What the read cache (delivery) hears: the catalog's changes, on every replica.
    { provide: CONTENT_CHANGES, useExisting: CatalogChanges },
    { provide: CATALOG_CHANGE_NOTICES, useExisting: CatalogChanges },
    { provide: CATALOG_REPOSITORY, useClass: TypeOrmCatalogRepository },
    CatalogQueries,
    CatalogCommands,
    CatalogHistory,
    PoemProofreading,
    { provide: PROOFREADING_PLACES, useClass: SqlProofreadingPlaces },
    ProofreadingPlace,
    { provide: CATALOG_READ_API, useExisting: CatalogQueries },
    { provide: CATALOG_WRITE_API, useExisting: CatalogCommands },
    CatalogEvents,
  ],
  exports: [
    CATALOG_READ_API,
    CATALOG_WRITE_API,
    CatalogQueries,
    CatalogCommands,
    CatalogHistory,
    PoemProofreading,
    ProofreadingPlace,
    CONTENT_CHANGES,
    CATALOG_CHANGE_NOTICES,
    CatalogEvents,
  ],
})
export class CatalogModule {}
