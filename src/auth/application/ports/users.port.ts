import type { AdminUser, FailedLogins, ListedUser, StoredUser } from '../../domain/admin-user.js';

/** Where the curators are kept, with their failed sign-ins and (to end them) their sessions. */
export interface Users {
  findByUsername(username: string): Promise<StoredUser | null>;
  findById(id: number): Promise<AdminUser | null>;
  /** Counts a wrong password given for the account. */
  noteFailedLogin(userId: number): Promise<void>;
  /** The failed sign-ins since the last successful one, forgotten as they are told (null: none). */
  takeFailedLogins(userId: number): Promise<FailedLogins | null>;
  /** Every curator, oldest first. */
  list(): Promise<ListedUser[]>;
  /** Adds a curator; null when the name is taken (whatever its case). */
  create(username: string, passwordHash: string): Promise<ListedUser | null>;
  /**
   * A new password for the curator; every session of theirs ends but `keepSession`. False when
   * there is no such curator.
   */
  setPassword(id: number, passwordHash: string, keepSession?: string): Promise<boolean>;
  /** Removes the curator and ends every session of theirs; never the last one. */
  remove(id: number): Promise<'removed' | 'not-found' | 'last-one'>;
  count(): Promise<number>;
  /** Creates the user, or sets a new password for an existing one. Answers whether it was created. */
  upsert(username: string, passwordHash: string): Promise<{ created: boolean }>;
}

export const USERS = Symbol('USERS');
