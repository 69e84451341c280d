import { Inject, Injectable } from '@nestjs/common';
import type { PoemPage } from '../../../contracts/catalog.js';
import { CATALOG_READ_API, type CatalogReadApi } from '../../catalog/index.js';
import { ScanError } from '../domain/scan.errors.js';
import { detectImageType } from '../infrastructure/images/page-image.intake.js';
import { ScanPagesRepository } from '../infrastructure/page-store/scan-pages.repository.js';
import { PAGE_STORE, type PageStore } from './ports/page-store.port.js';

const pageNotFound = () => new ScanError('SCAN.PAGE_NOT_FOUND', 'Page image not found');

/** The page archive for the admin: the photos a poem was read from, and each stored photo. */
@Injectable()
export class PoemPages {
  constructor(
    @Inject(CATALOG_READ_API) private readonly queries: CatalogReadApi,
    private readonly pagesRepo: ScanPagesRepository,
    @Inject(PAGE_STORE) private readonly store: PageStore,
  ) {}

  /** Throws CATALOG.POEM_NOT_FOUND for an unknown poem. */
  async ofPoem(ref: string): Promise<PoemPage[]> {
    const poem = await this.queries.getPoem(ref, { staff: true });
    const pages = await this.pagesRepo.pagesOfPoem(poem.id);
    return pages.map((page) => ({
      id: Number(page.id),
      page_index: page.page_index,
      page_number: page.page_number,
      mime_type: page.mime_type,
      url: `/api/scan_pages/${page.id}/image/`,
    }));
  }

  /** The photo as uploaded; throws SCAN.PAGE_NOT_FOUND when the id, the row or the file is missing. */
  /**
   * A stored photo with its type read from its own bytes: only the raster types the intake keeps
   * (JPEG, PNG, WebP) are ever answered, whatever a row says, so no stored file can reach a
   * curator's browser as a page or a script.
   */
  async image(id: string): Promise<{ data: Buffer; mimeType: string }> {
    if (!/^\d{1,9}$/.test(id)) throw pageNotFound();
    const page = await this.pagesRepo.findPage(Number(id));
    if (!page) throw pageNotFound();
    let data: Buffer;
    try {
      data = await this.store.get(page.storage_key);
    } catch {
      throw pageNotFound();
    }
    const mimeType = detectImageType(data);
    if (mimeType === undefined || mimeType === 'image/heic') throw pageNotFound();
    return { data, mimeType };
  }
}
