/**
 * The HTTP status of every domain error code, in the one table the API answers from. A module adds
 * its codes here; its errors extend DomainError and never build HTTP answers themselves.
 */
export const DOMAIN_ERROR_STATUS = {
  'CATALOG.PUBLICATION_NOT_FOUND': 404,
  'CATALOG.POEM_NOT_FOUND': 404,
  'CATALOG.NOT_IN_TRASH': 409,
  'CATALOG.IN_TRASH': 409,
  // The request named poems that do not match the publication as it is now (stale or foreign ids).
  'CATALOG.POEM_ORDER_MISMATCH': 409,
  'CATALOG.POEMS_NOT_IN_PUBLICATION': 409,
  'CATALOG.REVISION_NOT_FOUND': 404,
  // Restoring the version that deleted a poem would delete it again: the version before it is meant.
  'CATALOG.REVISION_IS_DELETION': 409,
  // Checked comes after Proofread: a poem As scanned cannot skip the first reading.
  'CATALOG.POEM_NOT_PROOFREAD': 409,
  // Checked is a second curator's: the one who proofread the poem may not check it.
  'CATALOG.OWN_PROOFREADING': 403,
  // Looks right names a place in a line where no word was read.
  'CATALOG.NO_SUCH_WORD': 422,

  'RECORDING.NOT_FOUND': 404,
  'RECORDING.NO_FILE': 400,
  'RECORDING.UNEXPECTED_FILE_FIELD': 400,
  'RECORDING.EMPTY_FILE': 400,
  'RECORDING.TOO_LARGE': 413,
  // The bytes are no recording the archive keeps (whatever its name says): not audio, or a codec browsers do not play.
  'RECORDING.UNSUPPORTED_AUDIO': 415,
  'RECORDING.INVALID_DETAILS': 400,
  'RECORDING.INVALID_LINE_MARKS': 400,
  // The order named recordings that are not the poem's as they are now.
  'RECORDING.ORDER_MISMATCH': 409,

  'SEARCH.QUERY_EMPTY': 400,
  'SEARCH.QUERY_TOO_LONG': 400,

  'IMAGE.UNSUPPORTED_TYPE': 415,
  'IMAGE.EMPTY': 400,
  'IMAGE.UNREADABLE': 400,
  // A photo with more pixels than the intake's limit: its own message says the limit.
  'IMAGE.TOO_MANY_PIXELS': 422,

  'EXTRACTION.AI_RATE_LIMITED': 429,
  'EXTRACTION.AI_PAYLOAD_TOO_LARGE': 413,
  'EXTRACTION.AI_PROVIDER_FAILED': 502,
  'EXTRACTION.FAILED': 500,

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
  // The object store of page photos is down or refuses us (the cause is in the server's log).
  'SCAN.PAGE_STORE_UNAVAILABLE': 503,
  'SCAN.NO_WORKER': 503,
  'SCAN.JOB_TIMEOUT': 504,
  'SCAN.FAILED': 500,
  // A scanned PDF of a whole book that cannot be turned into page photos: refused before anything is kept.
  'SCAN.PDF_UNREADABLE': 400,
  'SCAN.PDF_PASSWORD': 400,
  // More pages than MAX_PDF_PAGES (contracts/book-import.ts): not one book.
  'SCAN.PDF_TOO_MANY_PAGES': 413,
  // Streams that unpack to more than a scanned book's pages need (a file made to exhaust memory).
  'SCAN.PDF_TOO_COSTLY': 422,
  // A page that got past those checks and still needed more memory than its drawing process may have.
  'SCAN.PDF_TOO_MUCH_MEMORY': 422,
  // Whole-book import's own rules.
  'SCAN.NO_FILE': 400,
  'SCAN.BAD_FILE_POSITION': 400,
  'SCAN.BOOK_TOO_MANY_PAGES': 413,
  'SCAN.BOOK_IMPORT_NOT_FOUND': 404,
  // Files go to an import only until it starts; Retry only once it has stopped reading.
  'SCAN.BOOK_IMPORT_STARTED': 409,
  'SCAN.BOOK_IMPORT_BUSY': 409,

  'QUEUE.UNAVAILABLE': 503,
  'QUEUE.JOB_NOT_FOUND': 404,
  'QUEUE.WAIT_ABORTED': 504,
  // The job's own code, message and status are in its failure; the queue's user answers with those.
  'QUEUE.JOB_FAILED': 500,

  'CURATORS.USERNAME_TAKEN': 409,
  'CURATORS.NOT_FOUND': 404,
  // The archive always keeps one curator who can sign in.
  'CURATORS.LAST_ONE': 409,

  'SETTINGS.INVALID': 400,
  // HTML or a script link in the biography: refused, never stored (its message says what to write).
  'SETTINGS.UNSAFE_BIOGRAPHY': 400,
  'SETTINGS.NO_PORTRAIT_FILE': 400,
  'SETTINGS.PORTRAIT_TOO_LARGE': 413,
  'SETTINGS.PORTRAIT_NOT_AN_IMAGE': 415,
  'SETTINGS.PORTRAIT_TOO_MANY_PIXELS': 422,
  'SETTINGS.PORTRAIT_UNREADABLE': 400,
  'SETTINGS.BAD_CROP': 400,
  'SETTINGS.PORTRAIT_NOT_FOUND': 404,

  // A reader's report of a mistake: each refusal's message says the limit.
  'REPORTS.INVALID': 400,
  'REPORTS.EMPTY': 400,
  'REPORTS.TOO_LONG': 400,
  // The honeypot was filled in: only a robot does that.
  'REPORTS.REFUSED': 400,
  'REPORTS.TOO_MANY_FROM_ADDRESS': 429,
  'REPORTS.TOO_MANY_FOR_POEM': 429,
  'REPORTS.NOT_FOUND': 404,
  'REPORTS.ALREADY_CLOSED': 409,

  'ARCHIVE.UNKNOWN_FORMAT': 400,
  'ARCHIVE.UNREADABLE': 400,
  'ARCHIVE.NOT_EMPTY': 409,
  'ARCHIVE.SETTINGS_EXIST': 409,
  // The database lists a photo the page store does not hold: the server's data, not the request.
  'ARCHIVE.PAGE_MISSING': 500,
} as const satisfies Record<string, number>;

export type DomainErrorCode = keyof typeof DOMAIN_ERROR_STATUS;

/** The status of a code from the table; a code it does not know (a job's foreign failure) is a 500. */
export function statusOfCode(code: string): number {
  return (DOMAIN_ERROR_STATUS as Record<string, number>)[code] ?? 500;
}
