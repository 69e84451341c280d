import { Module } from '@nestjs/common';
import { SEARCH_INDEX } from './application/ports/search-index.port.js';
import { SearchService } from './application/search.service.js';
import { PostgresSearchIndex } from './infrastructure/search.postgres-index.js';

/** Search without HTTP: what the reader's /search page uses. */
@Module({
  providers: [{ provide: SEARCH_INDEX, useClass: PostgresSearchIndex }, SearchService],
  exports: [SearchService],
})
export class SearchCoreModule {}
