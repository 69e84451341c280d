import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { PAGE_IMAGES } from '../../application/ports/page-images.port.js';
import { PAGE_STORE } from '../../application/ports/page-store.port.js';
import { SCAN_PAGES } from '../../application/ports/scan-pages.port.js';
import { pageImageIntake } from '../images/page-image.intake.js';
import { openPageStore } from './page-store.factory.js';
import { ScanPagesRepository } from './scan-pages.repository.js';
import { BookImportsRepository } from './book-imports.repository.js';
import { BOOK_IMPORTS } from '../../application/ports/book-imports.port.js';
import { PDF_PAGES } from '../../application/ports/pdf-pages.port.js';
import { refusedPdfPages } from '../images/pdf-refused.js';

/** The page photos and their rows, for the scan jobs, the scanning endpoints and backups alike. */
@Module({
  providers: [
    {
      provide: PAGE_STORE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const opened = await openPageStore(config);
        new Logger('PageStore').log(`Page photos are kept as ${opened.description}`);
        return opened.store;
      },
    },
    ScanPagesRepository,
    { provide: SCAN_PAGES, useExisting: ScanPagesRepository },
    { provide: PAGE_IMAGES, useValue: pageImageIntake },
    { provide: BOOK_IMPORTS, useClass: BookImportsRepository },
    // PDFs are refused until a PDF reader is wired here.
    { provide: PDF_PAGES, useValue: refusedPdfPages },
  ],
  exports: [PAGE_STORE, ScanPagesRepository, SCAN_PAGES, PAGE_IMAGES, BOOK_IMPORTS, PDF_PAGES],
})
export class PageStoreModule {}
