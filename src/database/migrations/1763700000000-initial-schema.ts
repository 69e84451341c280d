import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Catalog, admin users and database-backed sessions. */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE publications (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        title text NOT NULL,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
        authors jsonb NOT NULL DEFAULT '[]'::jsonb,
        publisher text NOT NULL DEFAULT '',
        publication_date text NOT NULL DEFAULT '',
        isbn text NOT NULL DEFAULT '',
        notes text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        published_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX publications_visible_idx ON publications (status, deleted_at, created_at DESC)`);
    await q.query(`
      CREATE TABLE poems (
        id serial PRIMARY KEY,
        publication_id integer NOT NULL REFERENCES publications (id) ON DELETE CASCADE,
        slug text NOT NULL UNIQUE,
        title text NOT NULL,
        body text NOT NULL DEFAULT '',
        notes text NOT NULL DEFAULT '',
        line_count integer NOT NULL DEFAULT 0,
        word_count integer NOT NULL DEFAULT 0,
        page_numbers jsonb NOT NULL DEFAULT '[]'::jsonb,
        position integer NOT NULL,
        source_key text NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX poems_order_idx ON poems (publication_id, position, id)`);
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username text NOT NULL,
        password_hash text NOT NULL,
        is_staff boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_username_idx ON users (lower(username))`);
    await q.query(`
      CREATE TABLE sessions (
        sid text PRIMARY KEY,
        sess jsonb NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sessions_expires_idx ON sessions (expires_at)`);
    await q.query(`
      CREATE TABLE login_attempts (
        key text PRIMARY KEY,
        failures integer NOT NULL,
        window_start timestamptz NOT NULL
      )`);
    // Secrets generated on first start (e.g. the session signing key) so every replica shares them.
    await q.query(`CREATE TABLE app_secrets (name text PRIMARY KEY, value text NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['app_secrets', 'login_attempts', 'sessions', 'users', 'poems', 'publications']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
