import { Module } from '@nestjs/common';
import { MediaModule } from '../../../media/index.js';
import { PAGE_IMAGES } from '../../application/ports/page-images.port.js';
import { PDF_PAGES } from '../../application/ports/pdf-pages.port.js';
import { SCAN_PAGES } from '../../application/ports/scan-pages.port.js';
import { pageImageIntake } from '../images/page-image.intake.js';
import { pdfPages } from '../images/pdf-pages.js';
import { ScanPagesRepository } from './scan-pages.repository.js';
import { BookImportsRepository } from './book-imports.repository.js';
import { BOOK_IMPORTS } from '../../application/ports/book-imports.port.js';

/** The page photos' rows, the file store they are kept in (the media module's), and the intake of photos and scanned PDFs, for the scan jobs, the scanning endpoints and backups alike. */
@Module({
  imports: [MediaModule],
  providers: [
    ScanPagesRepository,
    { provide: SCAN_PAGES, useExisting: ScanPagesRepository },
    { provide: PAGE_IMAGES, useValue: pageImageIntake },
    { provide: PDF_PAGES, useValue: pdfPages },
    { provide: BOOK_IMPORTS, useClass: BookImportsRepository },
  ],
  exports: [MediaModule, ScanPagesRepository, SCAN_PAGES, PAGE_IMAGES, PDF_PAGES, BOOK_IMPORTS],
})
export class PageStoreModule {}
