import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { SearchController } from './http/search.controller.js';
import { SearchCoreModule } from './search-core.module.js';

/** GET /api/search over the core search, its answers kept by the public read cache. */
@Module({
  imports: [SearchCoreModule, DeliveryModule],
  controllers: [SearchController],
})
export class SearchModule {}
