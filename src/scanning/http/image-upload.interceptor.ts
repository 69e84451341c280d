import type { NestInterceptor, Type } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { CsrfCheckedUpload } from '../../auth/index.js';
import { ScanError } from '../domain/scan.errors.js';
import type { UploadedImage } from '../application/scan.service.js';

/** The part of a multer file this module reads (multer's own types are not installed). */
interface MulterFile {
  fieldname: string;
  originalname?: string;
  buffer: Buffer;
  size: number;
}

export type UploadKind = 'pages' | 'single-page' | 'metadata' | 'book-file';

/** At most this many files per request (SPEC section 9); multer stops reading at the next one. */
export const MAX_FILES = 10;

function tooMany(kind: UploadKind): ScanError {
  if (kind === 'book-file') return new ScanError('SCAN.UNEXPECTED_FILE_FIELD', 'Send one file per request, in the field "file".');
  return kind === 'metadata' ? ScanError.tooManyMetadataImages() : ScanError.tooManyPages();
}

/**
 * Multipart parsing for image uploads, kept in memory, with the per-file size limit from the config
 * (413) and the file count limit (400 with the spec's wording) reported as scan errors.
 */
export function ImageUploadInterceptor(kind: UploadKind): Type<NestInterceptor> {
  return CsrfCheckedUpload({
    // A book's file may be a scanned PDF, which has a limit of its own; a photo in it keeps the
    // photos' limit (BookImportsController).
    multer: (config) =>
      AnyFilesInterceptor({
        limits: {
          fileSize: kind === 'book-file' ? Math.max(config.maxUploadBytes, config.maxPdfBytes) : config.maxUploadBytes,
          files: kind === 'book-file' ? 1 : MAX_FILES,
          fields: 20,
        },
      }),
    refusal: (code, config) => {
      if (code === 'LIMIT_FILE_SIZE' && kind === 'book-file') return ScanError.pdfTooLarge(config.maxPdfBytes);
      if (code === 'LIMIT_FILE_SIZE') return ScanError.fileTooLarge(config.maxUploadBytes);
      if (code === 'LIMIT_FILE_COUNT') return tooMany(kind);
      return undefined;
    },
  });
}

const FIELD_PATTERNS: Record<UploadKind, { pattern: RegExp; expected: string }> = {
  pages: { pattern: /^page_(\d+)$/, expected: 'page_0 … page_9' },
  'single-page': { pattern: /^page(?:_(0))?$/, expected: 'page (or page_0)' },
  metadata: { pattern: /^image_(\d+)$/, expected: 'image_0 … image_9' },
  'book-file': { pattern: /^file$/, expected: 'file' },
};

/** The uploaded files in batch order (page_0, page_1, … page_10 by number, not by name). */
export function uploadedImages(req: Request, kind: UploadKind): UploadedImage[] {
  const raw = (req as Request & { files?: unknown }).files;
  const files = (Array.isArray(raw) ? raw : []) as MulterFile[];
  const { pattern, expected } = FIELD_PATTERNS[kind];
  const ordered = files.map((file, arrival) => {
    const match = pattern.exec(file.fieldname);
    if (!match) {
      throw new ScanError('SCAN.UNEXPECTED_FILE_FIELD', `Unexpected file field "${file.fieldname}": send the images as ${expected}.`);
    }
    return { file, order: Number(match[1] ?? 0), arrival };
  });
  if (kind === 'single-page' && ordered.length > 1) {
    throw new ScanError('SCAN.UNEXPECTED_FILE_FIELD', 'upload_page takes one page image; use batch_upload_pages for several.');
  }
  ordered.sort((a, b) => a.order - b.order || a.arrival - b.arrival);
  return ordered.map(({ file }) => ({
    field: file.fieldname,
    data: file.buffer,
    ...(file.originalname ? { name: file.originalname } : {}),
  }));
}
