import { Module } from '@nestjs/common';
import { SearchController } from './http/search.controller.js';
import { SearchModule } from './search.module.js';

/** GET /api/search over SearchModule, its answers kept by the public read cache. API process only. */
@Module({
  imports: [SearchModule],
  controllers: [SearchController],
})
export class SearchHttpModule {}
