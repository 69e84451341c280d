import { Module } from '@nestjs/common';
import { AuthHttpModule } from '../auth/index.js';
import { CatalogCoreModule } from './catalog-core.module.js';
import { HistoryController } from './http/history.controller.js';
import { PoemsController } from './http/poems.controller.js';
import { PublicationsController } from './http/publications.controller.js';

/** The catalog's REST API (SPEC section 7) over the core catalog. */
@Module({
  imports: [CatalogCoreModule, AuthHttpModule],
  controllers: [PublicationsController, PoemsController, HistoryController],
  exports: [CatalogCoreModule],
})
export class CatalogModule {}
