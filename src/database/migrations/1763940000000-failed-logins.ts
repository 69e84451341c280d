import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed sign-ins for an admin account since its last successful one, so the admin is told of
 * them at the next sign-in. Operational, like the login throttle's counters: not backed up.
 */
export class FailedLogins1763940000000 implements MigrationInterface {
  name = 'FailedLogins1763940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE failed_logins (
        user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        attempts integer NOT NULL,
        last_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS failed_logins`);
  }
}
