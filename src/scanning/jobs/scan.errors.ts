import { HttpException } from '@nestjs/common';

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
  | 'SCAN.FAILED';

export const SCAN_ERROR_STATUS: Record<ScanErrorCode, number> = {
  'SCAN.NO_PAGES': 400,
  'SCAN.TOO_MANY_PAGES': 400,
  'SCAN.NO_METADATA_IMAGES': 400,
  'SCAN.TOO_MANY_METADATA_IMAGES': 400,
  'SCAN.UNEXPECTED_FILE_FIELD': 400,
  'SCAN.FILE_TOO_LARGE': 413,
  'SCAN.UNSUPPORTED_IMAGE': 415,
  'SCAN.PUBLICATION_IN_TRASH': 409,
  'SCAN.NO_STORED_PAGES': 409,
  'SCAN.JOB_NOT_FOUND': 404,
  'SCAN.PAGE_NOT_FOUND': 404,
  'SCAN.NOT_AN_UPLOAD': 400,
  // Like poems of another publication in clear_poems: a stale or foreign id, so nothing is removed.
  'SCAN.JOBS_NOT_IN_PUBLICATION': 409,
  'SCAN.QUEUE_UNAVAILABLE': 503,
  'SCAN.NO_WORKER': 503,
  'SCAN.JOB_TIMEOUT': 504,
  'SCAN.FAILED': 500,
};

/**
 * A rule of scanning was broken, with a stable code. It is an HttpException as well, so the one
 * global filter answers it with its status and code even before the code is in its table.
 */
export class ScanError extends HttpException {
  readonly details?: Record<string, unknown>;

  constructor(
    readonly code: ScanErrorCode | string,
    message: string,
    status = SCAN_ERROR_STATUS[code as ScanErrorCode] ?? 500,
    details?: Record<string, unknown>,
  ) {
    super({ message, code, ...details }, status);
    this.name = 'ScanError';
    this.message = message;
    this.details = details;
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
    return new ScanError('SCAN.FILE_TOO_LARGE', `Image files are too large: each file may be at most ${mb} MB.`, 413, { max_bytes: maxBytes });
  }
  static publicationInTrash(): ScanError {
    return new ScanError(
      'SCAN.PUBLICATION_IN_TRASH',
      'This publication is in the trash. Restore it before adding or scanning pages.',
    );
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

/** What a failed job reports: the same code, message and status the HTTP answer carries. */
export type { ScanJobError as JobErrorInfo } from '../../../contracts/scanning.js';
