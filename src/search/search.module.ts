import { Module } from '@nestjs/common';
import { SearchController } from './http/search.controller.js';
import { SearchCoreModule } from './search-core.module.js';

/** GET /api/search over the core search, its answers kept by the public read cache. */
@Module({
  imports: [SearchCoreModule],
  controllers: [SearchController],
})
export class SearchModule {}
