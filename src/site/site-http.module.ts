import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { SettingsModule } from '../settings/index.js';
import { RecordingsModule } from '../recordings/index.js';
import { BookDownloadController } from './http/book-download.controller.js';
import { SiteFallbackController } from './http/site-fallback.controller.js';
import { SiteFilesController } from './http/site-files.controller.js';
import { SocialCardsController } from './http/social-cards.controller.js';
import { SiteModule } from './site.module.js';

/**
 * The reader's files (sitemap, robots.txt, the podcast feed, icons, assets), social cards and book downloads. Import
 * it after every module with routes (API, admin app): its fallback controller answers every GET
 * path nobody else claimed.
 */
@Module({
  imports: [SiteModule, CatalogModule, SettingsModule, RecordingsModule],
  controllers: [SiteFilesController, SocialCardsController, BookDownloadController, SiteFallbackController],
})
export class SiteHttpModule {}
