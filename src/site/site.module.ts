import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { SearchModule } from '../search/index.js';
import { SettingsModule } from '../settings/index.js';
import { PoemPagesModule } from '../scanning/index.js';
import { RecordingsModule } from '../recordings/index.js';
import { READER_BUNDLE } from './application/ports/reader-bundle.port.js';
import { SITE_ICONS } from './application/ports/site-icons.port.js';
import { SOCIAL_CARDS } from './application/ports/social-cards.port.js';
import { SitePages } from './application/site-pages.service.js';
import { BuiltReaderBundle } from './infrastructure/reader-bundle.js';
import { SharpSiteIcons } from './infrastructure/site-icons.js';
import { SocialCardRenderer } from './infrastructure/social-card-renderer.js';

/**
 * The public reader's pages (SitePages), rendered in the API process and answered by delivery's
 * request handler ahead of Express (bootstrap.ts installs it), with the built reader, the icons
 * and the card renderer its files and images come from.
 */
@Module({
  imports: [CatalogModule, SearchModule, PoemPagesModule, SettingsModule, RecordingsModule],
  providers: [
    { provide: READER_BUNDLE, useFactory: () => new BuiltReaderBundle() },
    { provide: SITE_ICONS, useClass: SharpSiteIcons },
    { provide: SOCIAL_CARDS, useClass: SocialCardRenderer },
    SitePages,
  ],
  exports: [SitePages, READER_BUNDLE, SITE_ICONS, SOCIAL_CARDS],
})
export class SiteModule {}
