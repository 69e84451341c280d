import { Module } from '@nestjs/common';
import { PAGE_STORE } from '../../application/ports/page-store.port.js';
import { FileSystemPageStore } from './file-system.page-store.js';
import { ScanPagesRepository } from './scan-pages.repository.js';

/** The page photos and their rows, for the scan jobs, the scanning endpoints and backups alike. */
@Module({
  providers: [{ provide: PAGE_STORE, useClass: FileSystemPageStore }, ScanPagesRepository],
  exports: [PAGE_STORE, ScanPagesRepository],
})
export class PageStoreModule {}
