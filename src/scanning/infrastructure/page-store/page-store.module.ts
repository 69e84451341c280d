import { Module } from '@nestjs/common';
import { PAGE_IMAGES } from '../../application/ports/page-images.port.js';
import { PAGE_STORE } from '../../application/ports/page-store.port.js';
import { SCAN_PAGES } from '../../application/ports/scan-pages.port.js';
import { pageImageIntake } from '../images/page-image.intake.js';
import { FileSystemPageStore } from './file-system.page-store.js';
import { ScanPagesRepository } from './scan-pages.repository.js';

/** The page photos and their rows, for the scan jobs, the scanning endpoints and backups alike. */
@Module({
  providers: [
    { provide: PAGE_STORE, useClass: FileSystemPageStore },
    ScanPagesRepository,
    { provide: SCAN_PAGES, useExisting: ScanPagesRepository },
    { provide: PAGE_IMAGES, useValue: pageImageIntake },
  ],
  exports: [PAGE_STORE, ScanPagesRepository, SCAN_PAGES, PAGE_IMAGES],
})
export class PageStoreModule {}
