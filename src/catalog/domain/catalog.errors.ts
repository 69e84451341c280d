import { DomainError } from '../../common/domain/domain-error.js';

export type CatalogErrorCode =
  | 'CATALOG.PUBLICATION_NOT_FOUND'
  | 'CATALOG.POEM_NOT_FOUND'
  | 'CATALOG.NOT_IN_TRASH'
  | 'CATALOG.IN_TRASH'
  | 'CATALOG.POEM_ORDER_MISMATCH'
  | 'CATALOG.POEMS_NOT_IN_PUBLICATION'
  | 'CATALOG.REVISION_NOT_FOUND'
  | 'CATALOG.REVISION_IS_DELETION'
  | 'CATALOG.POEM_NOT_PROOFREAD'
  | 'CATALOG.OWN_PROOFREADING'
  | 'CATALOG.NO_SUCH_WORD';

/** A rule of the catalog was broken; its status comes from the one table of codes. */
export class CatalogError extends DomainError {
  constructor(
    override readonly code: CatalogErrorCode,
    message: string,
    /** Extra fields for the error answer, e.g. which ids were wrong. */
    details?: Record<string, unknown>,
  ) {
    super(code, message, details);
  }

  static publicationNotFound(): CatalogError {
    return new CatalogError('CATALOG.PUBLICATION_NOT_FOUND', 'Publication not found');
  }

  static poemNotFound(): CatalogError {
    return new CatalogError('CATALOG.POEM_NOT_FOUND', 'Poem not found');
  }

  static inTrash(): CatalogError {
    return new CatalogError('CATALOG.IN_TRASH', 'Publication is in trash; restore it first');
  }

  static revisionNotFound(): CatalogError {
    return new CatalogError('CATALOG.REVISION_NOT_FOUND', 'No such version in the history');
  }

  static noSuchWord(): CatalogError {
    return new CatalogError('CATALOG.NO_SUCH_WORD', 'No word read by the scan stands there in that line: nothing to mark as right');
  }

  static revisionIsDeletion(): CatalogError {
    return new CatalogError('CATALOG.REVISION_IS_DELETION', 'That version is the deletion itself: restore the version before it');
  }

  static notProofread(): CatalogError {
    return new CatalogError('CATALOG.POEM_NOT_PROOFREAD', 'Only a proofread poem can be marked checked: mark it proofread first');
  }

  static ownProofreading(): CatalogError {
    return new CatalogError(
      'CATALOG.OWN_PROOFREADING',
      'You proofread this poem: a second curator checks it, never the one who proofread it',
    );
  }
}
