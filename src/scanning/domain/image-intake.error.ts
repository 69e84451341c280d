import { DomainError } from '../../common/domain/domain-error.js';

export type ImageIntakeErrorCode =
  | 'IMAGE.UNSUPPORTED_TYPE' // 415: not JPEG, PNG, WebP or HEIC/HEIF
  | 'IMAGE.EMPTY' // 400: zero-byte file
  | 'IMAGE.UNREADABLE' // 400: right signature, but the image cannot be decoded
  | 'IMAGE.TOO_MANY_PIXELS' // 422: more pixels than MAX_PAGE_MEGAPIXELS (MAX_HEIF_MEGAPIXELS)
  | 'SCAN.PDF_UNREADABLE' // 400: a PDF that is damaged or cut short
  | 'SCAN.PDF_PASSWORD' // 400: a PDF that opens only with a password
  | 'SCAN.PDF_TOO_MANY_PAGES' // 413: more pages than MAX_PDF_PAGES
  | 'SCAN.PDF_TOO_COSTLY' // 422: a stream that unpacks to more than the PDF limits allow (pdf-costs.ts)
  | 'SCAN.PDF_TOO_MUCH_MEMORY'; // 422: drawing a page took more memory than PDF_PAGE_MEMORY_MB (pdf-process.ts)

/** Domain error of the intake of page photos and scanned PDFs; statuses from the one table of codes. */
export class ImageIntakeError extends DomainError {
  constructor(
    override readonly code: ImageIntakeErrorCode,
    message: string,
  ) {
    super(code, message);
  }
}
