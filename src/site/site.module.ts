import { Module } from '@nestjs/common';
import { CatalogCoreModule } from '../catalog/catalog-core.module.js';
import { SearchCoreModule } from '../search/search-core.module.js';
import { SettingsModule } from '../settings/index.js';
import { PoemPagesModule } from '../scanning/index.js';
import { BookDownloadController } from './http/book-download.controller.js';
import { READER_BUNDLE } from './application/ports/reader-bundle.port.js';
import { SITE_ICONS } from './application/ports/site-icons.port.js';
import { SOCIAL_CARDS } from './application/ports/social-cards.port.js';
import { BuiltReaderBundle } from './infrastructure/reader-bundle.js';
import { SiteFallbackController } from './http/site-fallback.controller.js';
import { SiteFilesController } from './http/site-files.controller.js';
import { SitePages } from './application/site-pages.service.js';
import { SharpSiteIcons } from './infrastructure/site-icons.js';
import { SocialCardRenderer } from './infrastructure/social-card-renderer.js';
import { SocialCardsController } from './http/social-cards.controller.js';

/**
 * The public reader, rendered in the API process. Its pages (SitePages) are answered by delivery's
 * request handler ahead of Express (bootstrap.ts installs it). Import it after every module with
 * routes (API, admin app): its fallback controller answers every GET path nobody else claimed.
 */
@Module({
  imports: [CatalogCoreModule, SearchCoreModule, PoemPagesModule, SettingsModule],
  controllers: [SiteFilesController, SocialCardsController, BookDownloadController, SiteFallbackController],
  providers: [
    { provide: READER_BUNDLE, useFactory: () => new BuiltReaderBundle() },
    { provide: SITE_ICONS, useClass: SharpSiteIcons },
    { provide: SOCIAL_CARDS, useClass: SocialCardRenderer },
    SitePages,
  ],
  exports: [SitePages],
})
export class SiteModule {}
