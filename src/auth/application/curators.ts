import { Inject, Injectable } from '@nestjs/common';
import type { ListedUser } from '../domain/admin-user.js';
import { CuratorError, curatorId, curatorNotFound } from '../domain/curators.js';
import { PASSWORD_HASHER, type PasswordHasher } from './ports/password-hasher.port.js';
import { USERS, type Users } from './ports/users.port.js';

/**
 * The curators, managed from the admin: list, add with a password, give a new password, remove.
 * A removed curator's sessions end at once, and a new password ends the other sessions of that
 * curator. The archive always keeps one curator.
 */
@Injectable()
export class Curators {
  constructor(
    @Inject(USERS) private readonly users: Users,
    @Inject(PASSWORD_HASHER) private readonly passwords: PasswordHasher,
  ) {}

  /** Every curator who may sign in, oldest first. */
  list(): Promise<ListedUser[]> {
    return this.users.list();
  }

  /** Adds a curator; refused when the name is taken, whatever its case. */
  async add(username: string, password: string): Promise<ListedUser> {
    const created = await this.users.create(username, await this.passwords.hash(password));
    if (!created) throw new CuratorError('CURATORS.USERNAME_TAKEN', `There is already a curator named "${username}".`);
    return created;
  }

  /** A new password; the curator's sessions end but `keepSession` (the asker's own). */
  async resetPassword(id: number, password: string, keepSession?: string): Promise<void> {
    if (!(await this.users.setPassword(curatorId(id), await this.passwords.hash(password), keepSession))) throw curatorNotFound();
  }

  /** Removes the curator; never the last one. */
  async remove(id: number): Promise<void> {
    const result = await this.users.remove(curatorId(id));
    if (result === 'not-found') throw curatorNotFound();
    if (result === 'last-one') throw new CuratorError('CURATORS.LAST_ONE', 'The only curator cannot be removed: add another first.');
  }
}
