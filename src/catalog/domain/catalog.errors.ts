export type CatalogErrorCode =
  | 'CATALOG.PUBLICATION_NOT_FOUND'
  | 'CATALOG.POEM_NOT_FOUND'
  | 'CATALOG.NOT_IN_TRASH'
  | 'CATALOG.IN_TRASH';

/** A rule of the catalog was broken; the HTTP layer maps the code to a status. */
export class CatalogError extends Error {
  constructor(
    readonly code: CatalogErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CatalogError';
  }

  static publicationNotFound(): CatalogError {
    return new CatalogError('CATALOG.PUBLICATION_NOT_FOUND', 'Publication not found');
  }

  static poemNotFound(): CatalogError {
    return new CatalogError('CATALOG.POEM_NOT_FOUND', 'Poem not found');
  }
}
