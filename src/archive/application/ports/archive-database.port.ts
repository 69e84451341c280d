import type { TableSpec } from '../../domain/archive-format.js';

/** The backed-up tables as one connection sees them: in a backup's snapshot or a restore's transaction. */
export interface ArchiveTables {
  /** The name of the last migration the database ran. */
  schemaVersion(): Promise<string>;
  count(table: TableSpec): Promise<number>;
  /** The id the table's sequence hands out next. */
  nextId(table: TableSpec): Promise<number>;
  /** Page photos the tables list: how many distinct files, and their bytes. */
  pageTotals(): Promise<{ files: number; bytes: number }>;
  /** Every row of a table as a JSON line, a page at a time in key order. */
  lines(table: TableSpec): AsyncGenerator<string[]>;
  /** The memorial settings' row as a JSON line (MEMORIAL_COLUMNS), or null when there is none. */
  memorial(): Promise<string | null>;
}

/** A backup's read-only snapshot: every table as of one moment. */
export interface ArchiveSnapshot extends ArchiveTables {
  /** Ends the snapshot and frees its connection (once; later calls do nothing). */
  close(): Promise<void>;
}

/** A restore's one transaction: none of it is seen before commit, and rollback undoes all of it. */
export interface ArchiveRestore extends ArchiveTables {
  /** Holds off writers until the restore commits, so the emptiness it checked stays true. */
  lockForRestore(tables: readonly TableSpec[]): Promise<void>;
  usernames(): Promise<string[]>;
  removeAccounts(): Promise<void>;
  /** Sessions name a user id; after a restore those ids are other people, so every session goes. */
  signOutEveryone(): Promise<void>;
  /** Inserts rows given as JSON objects (the lines of a backup), their ids and times as they are. */
  insert(table: TableSpec, lines: string[]): Promise<void>;
  setNextId(table: TableSpec, next: number): Promise<void>;
  /** Puts the memorial settings' row (a JSON line of MEMORIAL_COLUMNS) in place of the archive's own. */
  restoreMemorial(line: string): Promise<void>;
  /** Commits; every API process then hears that the whole catalog changed (its caches go). */
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** Frees the connection, after commit or rollback. */
  release(): Promise<void>;
}

/** Where backups read the archive's rows and restores write them. */
export interface ArchiveDatabase {
  openSnapshot(): Promise<ArchiveSnapshot>;
  beginRestore(): Promise<ArchiveRestore>;
}

export const ARCHIVE_DATABASE = Symbol('ARCHIVE_DATABASE');
