import { DomainError } from '../../common/domain/domain-error.js';

export type ArchiveErrorCode =
  /** Not a backup of this archive, or a format or schema version this software does not read. */
  | 'ARCHIVE.UNKNOWN_FORMAT'
  /** A backup whose content is damaged, incomplete or inconsistent. */
  | 'ARCHIVE.UNREADABLE'
  /** A restore into an archive that already holds publications, poems or page photos. */
  | 'ARCHIVE.NOT_EMPTY'
  /** The site settings file a restore would write already holds other settings. */
  | 'ARCHIVE.SETTINGS_EXIST'
  /** A page photo the database lists is not (or not whole) in the page store. */
  | 'ARCHIVE.PAGE_MISSING';

/** A backup or restore that cannot go on; the message says why and what to do, and nothing was changed. */
export class ArchiveError extends DomainError {
  constructor(
    override readonly code: ArchiveErrorCode,
    message: string,
  ) {
    super(code, message);
  }

  static unreadable(detail: string): ArchiveError {
    return new ArchiveError('ARCHIVE.UNREADABLE', `The backup file is damaged or incomplete: ${detail}. Nothing was restored.`);
  }
}
