import { Module, type DynamicModule } from '@nestjs/common';
import { CatalogCoreModule } from '../catalog/catalog-core.module.js';
import { ArchiveExporter } from './application/archive-exporter.js';
import { ArchiveImporter } from './application/archive-importer.js';
import { ArchiveController } from './http/archive.controller.js';

/**
 * Backup and restore of the whole archive. The page photos come from the page store the scanning
 * module binds (it exports PAGE_STORE), so a backup reads the same store the uploads wrote.
 */
@Module({})
export class ArchiveModule {
  static forRoot(pageStoreModule: DynamicModule): DynamicModule {
    return {
      module: ArchiveModule,
      imports: [pageStoreModule, CatalogCoreModule],
      controllers: [ArchiveController],
      providers: [ArchiveExporter, ArchiveImporter],
      exports: [ArchiveExporter, ArchiveImporter],
    };
  }
}
