import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MediaModule } from '../media/index.js';
import { MemorialSettingsService } from './application/memorial-settings.service.js';
import { MEMORIAL_STORE } from './application/ports/memorial-store.port.js';
import { PORTRAIT_IMAGES } from './application/ports/portrait-images.port.js';
import { SETTINGS_FILE } from './application/ports/settings-file.port.js';
import { SqlMemorialStore } from './infrastructure/memorial.sql-store.js';
import { SharpPortraitImages } from './infrastructure/portrait.sharp-images.js';
import { JsonSettingsFile } from './infrastructure/settings.json-file.js';
import { SITE_SETTINGS } from './application/site-settings.js';

/**
 * Who the archive remembers and how the site names itself, for every module that shows or searches
 * it (the reader's pages, search, the admin's page). A module of its own so that the site and
 * search, which use each other, both depend on it and never on one another for it. It hears of
 * changes through the catalog's notices (so a save drops cached pages on every replica) and keeps
 * the portrait in the media module's file store, beside the page photos.
 */
@Module({
  imports: [CatalogModule, MediaModule],
  providers: [
    { provide: MEMORIAL_STORE, useClass: SqlMemorialStore },
    { provide: PORTRAIT_IMAGES, useClass: SharpPortraitImages },
    { provide: SETTINGS_FILE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new JsonSettingsFile(config) },
    MemorialSettingsService,
    // The live settings object: updated in place whenever the memorial changes.
    { provide: SITE_SETTINGS, inject: [MemorialSettingsService], useFactory: (service: MemorialSettingsService) => service.current },
  ],
  exports: [SITE_SETTINGS, MemorialSettingsService],
})
export class SettingsModule {}
