import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { PoemPages } from './application/poem-pages.service.js';
import { PageStoreModule } from './infrastructure/page-store/page-store.module.js';

/**
 * The page photos each poem was read from: for the scanning endpoints and the reader's printed pages.
 * The page store goes with it, for the memorial's portrait, which is kept beside the page photos.
 */
@Module({
  imports: [CatalogModule, PageStoreModule],
  providers: [PoemPages],
  exports: [PoemPages, PageStoreModule],
})
export class PoemPagesModule {}
