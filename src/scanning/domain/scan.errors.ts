import { DomainError } from '../../common/domain/domain-error.js';
import type { DomainErrorCode } from '../../common/domain/error-statuses.js';

export type ScanErrorCode =
  | 'SCAN.NO_PAGES'
  | 'SCAN.TOO_MANY_PAGES'
  | 'SCAN.NO_METADATA_IMAGES'
  | 'SCAN.TOO_MANY_METADATA_IMAGES'
  | 'SCAN.UNEXPECTED_FILE_FIELD'
  | 'SCAN.FILE_TOO_LARGE'
  | 'SCAN.UNSUPPORTED_IMAGE'
  | 'SCAN.PUBLICATION_IN_TRASH'
  | 'SCAN.NO_STORED_PAGES'
  | 'SCAN.JOB_NOT_FOUND'
  | 'SCAN.PAGE_NOT_FOUND'
  | 'SCAN.NOT_AN_UPLOAD'
  | 'SCAN.JOBS_NOT_IN_PUBLICATION'
  | 'SCAN.QUEUE_UNAVAILABLE'
  | 'SCAN.NO_WORKER'
  | 'SCAN.JOB_TIMEOUT'
  | 'SCAN.FAILED'
  | 'SCAN.NO_FILE'
  | 'SCAN.BAD_FILE_POSITION'
  | 'SCAN.BOOK_TOO_MANY_PAGES'
  | 'SCAN.BOOK_IMPORT_NOT_FOUND'
  | 'SCAN.BOOK_IMPORT_STARTED'
  | 'SCAN.BOOK_IMPORT_BUSY';

/**
 * A rule of scanning was broken, with a stable code; its status comes from the one table of codes.
 * A job's failure is raised again to the request waiting on it with the code it failed with, which
 * may be another module's (an image the intake refused, an AI provider's error).
 */
export class ScanError extends DomainError {
  constructor(code: ScanErrorCode | DomainErrorCode, message: string, details?: Record<string, unknown>) {
    super(code, message, details);
  }

  static noPages(): ScanError {
    return new ScanError('SCAN.NO_PAGES', 'Please upload at least one page image');
  }
  static tooManyPages(): ScanError {
    return new ScanError('SCAN.TOO_MANY_PAGES', 'Maximum 10 images allowed per batch');
  }
  static noMetadataImages(): ScanError {
    return new ScanError('SCAN.NO_METADATA_IMAGES', 'Please upload at least one image of the book cover or title page');
  }
  static tooManyMetadataImages(): ScanError {
    return new ScanError('SCAN.TOO_MANY_METADATA_IMAGES', 'Maximum 10 images allowed for metadata extraction');
  }
  static fileTooLarge(maxBytes: number): ScanError {
    const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
    return new ScanError('SCAN.FILE_TOO_LARGE', `Image files are too large: each file may be at most ${mb} MB.`, { max_bytes: maxBytes });
  }
  static pdfTooLarge(maxBytes: number): ScanError {
    const mb = Math.round(maxBytes / (1024 * 1024));
    return new ScanError(
      'SCAN.FILE_TOO_LARGE',
      `This file is too large: a scanned PDF may be at most ${mb} MB. Split it into parts and add them one after the other.`,
      { max_bytes: maxBytes },
    );
  }
  static publicationInTrash(): ScanError {
    return new ScanError('SCAN.PUBLICATION_IN_TRASH', 'This publication is in the trash. Restore it before adding or scanning pages.');
  }
  static noWorker(): ScanError {
    return new ScanError(
      'SCAN.NO_WORKER',
      'No scan worker is running, so the pages cannot be scanned now. Start one with "npm run worker", or send the pages with async=true to queue them.',
    );
  }
  static jobNotFound(): ScanError {
    return new ScanError('SCAN.JOB_NOT_FOUND', 'Scan job not found');
  }
  static queueUnavailable(): ScanError {
    return new ScanError(
      'SCAN.QUEUE_UNAVAILABLE',
      'The scan queue (Redis) is unavailable, so pages cannot be scanned right now. Please try again later.',
    );
  }
}
