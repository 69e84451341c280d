import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PageRotation, PoemPage } from '../../../contracts/catalog.js';
import {
  CATALOG_CHANGE_NOTICES,
  CATALOG_READ_API,
  type CatalogChangeNotices,
  type CatalogReadApi,
  type Viewer,
} from '../../catalog/index.js';
import { ScanError } from '../domain/scan.errors.js';
import { detectImageType } from '../../media/index.js';
import { SCAN_PAGES, type ScanPageRow, type ScanPages } from './ports/scan-pages.port.js';
import { FILE_STORE, FileStoreUnavailableError, type FileStore } from '../../media/index.js';
import { PAGE_IMAGES, type PageImages } from './ports/page-images.port.js';
import { screenCopyKey, type ScreenWidth } from './reading-copies.js';

const asPoemPage = (page: ScanPageRow): PoemPage => ({
  id: Number(page.id),
  page_index: page.page_index,
  page_number: page.page_number,
  mime_type: page.mime_type,
  url: `/api/scan_pages/${page.id}/image/`,
  rotation: page.rotation,
});

const pageNotFound = () => new ScanError('SCAN.PAGE_NOT_FOUND', 'Page image not found');

/**
 * The page archive: the photos a poem was read from, and each stored photo. Staff see every
 * page; a visitor only the pages of a published book outside the trash ("See the printed page"),
 * and a page of any other book is not found, so a draft's photos stay private.
 */
@Injectable()
export class PoemPages {
  constructor(
    @Inject(CATALOG_READ_API) private readonly queries: CatalogReadApi,
    @Inject(SCAN_PAGES) private readonly pagesRepo: ScanPages,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(CATALOG_CHANGE_NOTICES) private readonly notices: CatalogChangeNotices,
    @Inject(PAGE_IMAGES) private readonly images: PageImages,
  ) {}

  private readonly logger = new Logger('PoemPages');

  /** Throws CATALOG.POEM_NOT_FOUND for an unknown poem (or, to a visitor, a hidden one). */
  async ofPoem(ref: string, viewer: Viewer): Promise<PoemPage[]> {
    const poem = await this.queries.getPoem(ref, viewer);
    return (await this.pagesRepo.pagesOfPoem(poem.id)).map(asPoemPage);
  }

  /**
   * The pages of a poem by its slug or id, in one query and without asking the catalog: for a
   * reader page, which reads the poem (and whether a visitor may see it) in its own query beside
   * this one, and shows these only with a poem it found.
   */
  async ofPoemShown(ref: string): Promise<PoemPage[]> {
    return (await this.pagesRepo.pagesOfPoemRef(ref)).map(asPoemPage);
  }

  /**
   * Turns a page photo to stand upright: how it is shown and how Reprocess reads it; the stored
   * photo stays as uploaded. Throws SCAN.PAGE_NOT_FOUND for an unknown page.
   */
  async rotate(id: string, rotation: PageRotation): Promise<PoemPage> {
    if (!/^\d{1,9}$/.test(id)) throw pageNotFound();
    // The reader's printed pages show the turn: cached public reads of its book must go.
    const page = await this.pagesRepo.setRotation(Number(id), rotation, (tx, turned) => this.notices.announce(tx, [turned.publication_id]));
    if (!page) throw pageNotFound();
    this.notices.changedLocally([page.publication_id]);
    return asPoemPage(page);
  }

  /**
   * A stored photo with its checksum and its type read from its own bytes: only the raster types
   * the intake keeps (JPEG, PNG, WebP) are ever answered, whatever a row says, so no stored file can
   * reach a browser as a page or a script. Throws SCAN.PAGE_NOT_FOUND when the id, the row, the file
   * or (to a visitor) its book's publication is missing.
   */
  async image(id: string, viewer: Viewer, width?: ScreenWidth): Promise<{ data: Buffer; mimeType: string; sha256: string }> {
    if (!/^\d{1,9}$/.test(id)) throw pageNotFound();
    const page = await this.pagesRepo.findPage(Number(id));
    if (!page) throw pageNotFound();
    if (!viewer.staff) await this.queries.getPublication(page.publication_id, viewer).catch(() => Promise.reject(pageNotFound()));
    let data: Buffer;
    try {
      data = await this.store.get(page.storage_key);
    } catch (err) {
      // A store that cannot be reached is an outage (503), not a missing page.
      if (err instanceof FileStoreUnavailableError) throw err;
      throw pageNotFound();
    }
    const mimeType = detectImageType(data);
    if (mimeType === undefined || mimeType === 'image/heic') throw pageNotFound();
    if (width === undefined) return { data, mimeType, sha256: page.sha256 };
    return { data: await this.screenCopy(page.storage_key, data, width), mimeType: 'image/webp', sha256: `${page.sha256}-${width}` };
  }

  /**
   * The photo's copy for screens at `width`: the one kept beside it, else made now and kept for
   * the next visitor. A copy the store fails to keep is still answered (made again next time).
   */
  private async screenCopy(photoKey: string, photo: Buffer, width: ScreenWidth): Promise<Buffer> {
    const key = screenCopyKey(photoKey, width);
    const kept = await this.store.get(key).catch((err: unknown) => {
      if (err instanceof FileStoreUnavailableError) throw err;
      return undefined;
    });
    if (kept && detectImageType(kept) === 'image/webp') return kept;
    const copy = await this.images.screenCopy(photo, width);
    await this.store.put(key, copy).catch((err: Error) => this.logger.warn(`The screen copy ${key} was not kept: ${err.message}`));
    return copy;
  }
}
