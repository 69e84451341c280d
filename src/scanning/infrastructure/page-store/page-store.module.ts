import { Module } from '@nestjs/common';
import { MediaModule } from '../../../media/index.js';
import { PAGE_IMAGES } from '../../application/ports/page-images.port.js';
import { SCAN_PAGES } from '../../application/ports/scan-pages.port.js';
import { pageImageIntake } from '../images/page-image.intake.js';
import { ScanPagesRepository } from './scan-pages.repository.js';
import { BookImportsRepository } from './book-imports.repository.js';
import { BOOK_IMPORTS } from '../../application/ports/book-imports.port.js';

/** The page photos' rows, the file store they are kept in (the media module's), and the intake of photos (scanned PDFs are drawn by the scanning module's own PDF_PAGES, with its memory limit), for the scan jobs, the scanning endpoints and backups alike. */
@Module({
  imports: [MediaModule],
  providers: [
    ScanPagesRepository,
    { provide: SCAN_PAGES, useExisting: ScanPagesRepository },
    { provide: PAGE_IMAGES, useValue: pageImageIntake },
    { provide: BOOK_IMPORTS, useClass: BookImportsRepository },
  ],
  exports: [MediaModule, ScanPagesRepository, SCAN_PAGES, PAGE_IMAGES, BOOK_IMPORTS],
})
export class PageStoreModule {}
