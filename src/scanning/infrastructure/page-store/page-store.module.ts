import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { PAGE_STORE_HEALTH, type PageStoreHealth } from '../../../health/index.js';
import { PAGE_IMAGES } from '../../application/ports/page-images.port.js';
import { PDF_PAGES } from '../../application/ports/pdf-pages.port.js';
import { PAGE_STORE, PageStoreUnavailableError, type PageStore } from '../../application/ports/page-store.port.js';
import { SCAN_PAGES } from '../../application/ports/scan-pages.port.js';
import { pageImageIntake } from '../images/page-image.intake.js';
import { pdfPages } from '../images/pdf-pages.js';
import { openPageStore } from './page-store.factory.js';
import { ScanPagesRepository } from './scan-pages.repository.js';
import { BookImportsRepository } from './book-imports.repository.js';
import { BOOK_IMPORTS } from '../../application/ports/book-imports.port.js';

/** The page photos and their rows (and the intake of photos and scanned PDFs), for the scan jobs, the scanning endpoints and backups alike. */
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
    {
      provide: PAGE_STORE_HEALTH,
      inject: [PAGE_STORE],
      useFactory: (store: PageStore): PageStoreHealth => ({
        state: () =>
          store.check().then(
            () => ({ kind: store.kind, ok: true }),
            (err: unknown) => ({
              kind: store.kind,
              ok: false,
              detail: err instanceof PageStoreUnavailableError ? (err.detail ?? err.message) : (err as Error).message,
            }),
          ),
      }),
    },
    ScanPagesRepository,
    { provide: SCAN_PAGES, useExisting: ScanPagesRepository },
    { provide: PAGE_IMAGES, useValue: pageImageIntake },
    { provide: PDF_PAGES, useValue: pdfPages },
    { provide: BOOK_IMPORTS, useClass: BookImportsRepository },
  ],
  exports: [PAGE_STORE, PAGE_STORE_HEALTH, ScanPagesRepository, SCAN_PAGES, PAGE_IMAGES, PDF_PAGES, BOOK_IMPORTS],
})
export class PageStoreModule {}
