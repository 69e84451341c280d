import { Module } from '@nestjs/common';
import { AuthHttpModule } from '../auth/index.js';
import { CatalogModule } from './catalog.module.js';
import { HistoryController } from './http/history.controller.js';
import { PoemsController } from './http/poems.controller.js';
import { PublicationsController } from './http/publications.controller.js';

/** The catalog's REST API (SPEC section 7) over CatalogModule. API process only. */
@Module({
  imports: [CatalogModule, AuthHttpModule],
  controllers: [PublicationsController, PoemsController, HistoryController],
  exports: [CatalogModule],
})
export class CatalogHttpModule {}
