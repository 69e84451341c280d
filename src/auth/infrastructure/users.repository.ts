import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Users } from '../application/ports/users.port.js';
import type { AdminUser, FailedLogins, ListedUser, StoredUser } from '../domain/admin-user.js';

/** The curators in PostgreSQL (users, failed_logins), and their sessions (sessions) to end them. */
@Injectable()
export class UsersRepository implements Users {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async findByUsername(username: string): Promise<StoredUser | null> {
    const rows = await this.db.query(`SELECT id, username, is_staff, password_hash FROM users WHERE lower(username) = lower($1)`, [
      username,
    ]);
    return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
  }

  async findById(id: number): Promise<AdminUser | null> {
    const rows = await this.db.query(`SELECT id, username, is_staff FROM users WHERE id = $1`, [id]);
    return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
  }

  /** Counts a wrong password given for the account. */
  async noteFailedLogin(userId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO failed_logins AS f (user_id, attempts, last_at) VALUES ($1, 1, now())
       ON CONFLICT (user_id) DO UPDATE SET attempts = f.attempts + 1, last_at = now()`,
      [userId],
    );
  }

  /** The failed sign-ins since the last successful one, forgotten as they are told (null: none). */
  async takeFailedLogins(userId: number): Promise<FailedLogins | null> {
    // TypeORM answers a DELETE as [rows, count].
    const [[row]] = await this.db.query(`DELETE FROM failed_logins WHERE user_id = $1 RETURNING attempts, last_at`, [userId]);
    return row ? { attempts: Number(row.attempts), lastAt: new Date(row.last_at) } : null;
  }

  /** Every curator, oldest first. */
  async list(): Promise<ListedUser[]> {
    const rows: Array<{ id: number; username: string; is_staff: boolean; created_at: string | Date }> = await this.db.query(
      `SELECT id, username, is_staff, created_at FROM users ORDER BY id`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at) }));
  }

  /** Adds a curator; null when the name is taken (whatever its case). */
  async create(username: string, passwordHash: string): Promise<ListedUser | null> {
    const rows = await this.db.query(
      `INSERT INTO users (username, password_hash, is_staff) VALUES ($1, $2, true)
       ON CONFLICT ((lower(username))) DO NOTHING RETURNING id, username, is_staff, created_at`,
      [username, passwordHash],
    );
    return rows[0] ? { ...rows[0], id: Number(rows[0].id), created_at: new Date(rows[0].created_at) } : null;
  }

  /**
   * A new password for the curator; every session of theirs ends but `keepSession` (the curator
   * changing their own password stays signed in where they are). False when there is no such curator.
   */
  async setPassword(id: number, passwordHash: string, keepSession?: string): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const [rows] = await m.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING id`, [
        id,
        passwordHash,
      ]);
      if (!rows.length) return false;
      await m.query(`DELETE FROM sessions WHERE (sess -> 'passport' ->> 'user') = $1 AND sid <> $2`, [String(id), keepSession ?? '']);
      return true;
    });
  }

  /**
   * Removes the curator and ends every session of theirs at once. Never the last one: the rows are
   * locked first, so two curators removing each other at the same moment cannot both succeed.
   */
  async remove(id: number): Promise<'removed' | 'not-found' | 'last-one'> {
    return this.db.transaction(async (m) => {
      const users: Array<{ id: number }> = await m.query(`SELECT id FROM users ORDER BY id FOR UPDATE`);
      if (!users.some((u) => Number(u.id) === id)) return 'not-found';
      if (users.length <= 1) return 'last-one';
      await m.query(`DELETE FROM sessions WHERE (sess -> 'passport' ->> 'user') = $1`, [String(id)]);
      await m.query(`DELETE FROM users WHERE id = $1`, [id]);
      return 'removed';
    });
  }

  async count(): Promise<number> {
    const [{ n }] = await this.db.query(`SELECT count(*)::int AS n FROM users`);
    return Number(n);
  }

  /** Creates the user, or sets a new password for an existing one. Answers whether it was created. */
  async upsert(username: string, passwordHash: string): Promise<{ created: boolean }> {
    return this.db.transaction(async (m) => {
      const updated = await m.query(
        `UPDATE users SET password_hash = $2, is_staff = true, updated_at = now() WHERE lower(username) = lower($1) RETURNING id`,
        [username, passwordHash],
      );
      if (updated[0]?.length ?? 0) {
        // A new password ends every session of that user.
        await m.query(`DELETE FROM sessions WHERE (sess -> 'passport' ->> 'user') = $1`, [String(updated[0][0].id)]);
        return { created: false };
      }
      await m.query(`INSERT INTO users (username, password_hash, is_staff) VALUES ($1, $2, true)`, [username, passwordHash]);
      return { created: true };
    });
  }
}
