import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogCommands } from './application/catalog-commands.js';
import { CatalogQueries } from './application/catalog-queries.js';
import { CATALOG_REPOSITORY } from './application/ports/catalog.repository.port.js';
import { PoemsController } from './http/poems.controller.js';
import { PublicReadCache } from './http/public-read-cache.js';
import { PublicReadInterceptor } from './http/public-read.interceptor.js';
import { PublicationsController } from './http/publications.controller.js';
import { CatalogChanges } from './infrastructure/catalog-changes.js';
import { TypeOrmCatalogRepository } from './infrastructure/catalog.typeorm-repository.js';

@Module({
  imports: [AuthModule],
  controllers: [PublicationsController, PoemsController],
  providers: [
    CatalogChanges,
    { provide: CATALOG_REPOSITORY, useClass: TypeOrmCatalogRepository },
    CatalogQueries,
    CatalogCommands,
    PublicReadCache,
    PublicReadInterceptor,
  ],
  exports: [CatalogQueries, CatalogCommands, CatalogChanges, PublicReadCache],
})
export class CatalogModule {}
