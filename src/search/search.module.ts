import { Module } from '@nestjs/common';
import type { PublicSiteSettings } from '../../contracts/reader-page.js';
import { DEFAULT_SITE_SETTINGS, SettingsModule, SITE_SETTINGS } from '../settings/index.js';
import { SEARCH_INDEX } from './application/ports/search-index.port.js';
import { SEARCH_POET_NAME, SearchService } from './application/search.service.js';
import { PostgresSearchIndex } from './infrastructure/search.postgres-index.js';

/** Search without HTTP: what the reader's /search page uses. */
@Module({
  imports: [SettingsModule],
  providers: [
    { provide: SEARCH_INDEX, useClass: PostgresSearchIndex },
    // The poet's name finds the poet's books and poems (the memorial settings, as they are now); the
    // placeholder name of an archive not yet set up ("The Poet") is no name to search by.
    {
      provide: SEARCH_POET_NAME,
      inject: [SITE_SETTINGS],
      useFactory: (settings: PublicSiteSettings) => () => (settings.poetName === DEFAULT_SITE_SETTINGS.poetName ? '' : settings.poetName),
    },
    SearchService,
  ],
  exports: [SearchService],
})
export class SearchModule {}
