import { Module, type DynamicModule } from '@nestjs/common';
import { BookImportsController } from './http/book-imports.controller.js';
import { LanguagesController } from './http/languages.controller.js';
import { PoemPagesController } from './http/poem-pages.controller.js';
import { ScansController } from './http/scans.controller.js';

/** Page uploads, scan jobs, book imports, the poems' page photos and the languages read over HTTP, on ScanningModule (role 'api'). API process only. */
@Module({})
export class ScanningHttpModule {
  static forRoot(scanning: DynamicModule): DynamicModule {
    return {
      module: ScanningHttpModule,
      imports: [scanning],
      controllers: [ScansController, PoemPagesController, BookImportsController, LanguagesController],
    };
  }
}
