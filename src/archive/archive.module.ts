import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MediaModule } from '../media/index.js';
import { ArchiveExporter } from './application/archive-exporter.js';
import { ArchiveImporter } from './application/archive-importer.js';
import { ARCHIVE_DATABASE } from './application/ports/archive-database.port.js';
import { SITE_SETTINGS_STORE } from './application/ports/site-settings-store.port.js';
import { TypeOrmArchiveDatabase } from './infrastructure/archive.typeorm-database.js';
import { SiteSettingsFile } from './infrastructure/site-settings-file.js';

/**
 * Backup and restore of the whole archive. Its files (page photos, the portrait, recordings) come
 * from the media module's store, so a backup reads the same store the uploads wrote.
 */
@Module({
  imports: [MediaModule, CatalogModule],
  providers: [
    { provide: ARCHIVE_DATABASE, useClass: TypeOrmArchiveDatabase },
    { provide: SITE_SETTINGS_STORE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new SiteSettingsFile(config) },
    ArchiveExporter,
    ArchiveImporter,
  ],
  exports: [ArchiveExporter, ArchiveImporter],
})
export class ArchiveModule {}
