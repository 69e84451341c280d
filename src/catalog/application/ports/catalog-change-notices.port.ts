/** A statement runner inside a transaction (TypeORM's EntityManager and QueryRunner both are one). */
export interface TransactionStatements {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Tells every API process that the catalog changed, so what they keep of it (the read cache) goes.
 * For writers outside the catalog's use cases, such as a restore of a backup.
 */
export interface CatalogChangeNotices {
  /** Inside the writing transaction: the other processes hear of it when it commits. No ids: everything changed. */
  announce(transaction: TransactionStatements, publicationIds?: Iterable<number>): Promise<void>;
  /** After this process committed the change. */
  changedLocally(publicationIds?: Iterable<number>): void;
}

export const CATALOG_CHANGE_NOTICES = Symbol('CATALOG_CHANGE_NOTICES');
