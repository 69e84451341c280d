import type { QueryRunner } from 'typeorm';
import { ROWS_PER_CHUNK, type TableSpec } from '../domain/archive-format.js';
import { MEMORIAL_COLUMNS } from '../domain/memorial-entries.js';

/**
 * The SQL of backups and restores, on one connection (a snapshot or a restore transaction, which
 * archive.typeorm-database.ts opens and ends).
 * Table and column names come from ARCHIVE_TABLES, never from a file. Rows travel as the JSON text
 * PostgreSQL itself writes (row_to_json) and reads (json_populate_recordset), so every type
 * (timestamps to the microsecond, jsonb, nulls) goes out and comes back exactly.
 */
export class ArchiveRows {
  constructor(protected readonly q: QueryRunner) {}

  /** The name of the last migration the database ran. */
  async schemaVersion(): Promise<string> {
    const [row] = await this.q.query(`SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1`);
    return row.name as string;
  }

  async count(table: TableSpec): Promise<number> {
    const [row] = await this.q.query(`SELECT count(*) AS n FROM ${table.name}${table.only ? ` WHERE ${table.only}` : ''}`);
    return Number(row.n);
  }

  /** The id the table's sequence hands out next. */
  async nextId(table: TableSpec): Promise<number> {
    const [seq] = await this.q.query(`SELECT pg_get_serial_sequence($1, $2) AS name`, [table.name, table.serial]);
    const [row] = await this.q.query(`SELECT last_value, is_called FROM ${seq.name}`);
    return Number(row.last_value) + (row.is_called ? 1 : 0);
  }

  async setNextId(table: TableSpec, next: number): Promise<void> {
    await this.q.query(`SELECT setval(pg_get_serial_sequence($1, $2), $3, false)`, [table.name, table.serial, next]);
  }

  /** Page photos the tables list: how many distinct files, and their bytes. */
  async pageTotals(): Promise<{ files: number; bytes: number }> {
    const [row] = await this.q.query(
      `SELECT count(*) AS files, coalesce(sum(byte_size), 0) AS bytes
         FROM (SELECT DISTINCT ON (storage_key) storage_key, byte_size FROM scan_pages WHERE storage_key IS NOT NULL ORDER BY storage_key, id) s`,
    );
    return { files: Number(row.files), bytes: Number(row.bytes) };
  }

  /** Every row of a table as a JSON line, a page at a time in key order (keyset pagination). */
  async *lines(table: TableSpec, pageSize = ROWS_PER_CHUNK): AsyncGenerator<string[]> {
    const keys = table.key.join(', ');
    const keyAliases = table.key.map((k, i) => `t.${k} AS k${i}`).join(', ');
    let after: unknown[] | undefined;
    for (;;) {
      const conditions = [
        ...(table.only ? [table.only] : []),
        ...(after ? [`(${keys}) > (${after.map((_, i) => `$${i + 1}`).join(', ')})`] : []),
      ];
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const rows: Array<Record<string, unknown> & { line: string }> = await this.q.query(
        `SELECT ${keyAliases}, row_to_json(t)::text AS line
           FROM (SELECT ${table.columns.join(', ')} FROM ${table.name} ${where} ORDER BY ${keys} LIMIT ${pageSize}) t
          ORDER BY ${table.key.map((k) => `t.${k}`).join(', ')}`,
        after ?? [],
      );
      if (rows.length === 0) return;
      yield rows.map((r) => r.line);
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      after = table.key.map((_, i) => last[`k${i}`]);
    }
  }

  /** Inserts rows given as JSON objects (the lines of a backup), their ids and times as they are. */
  async insert(table: TableSpec, lines: string[]): Promise<void> {
    const columns = table.columns.join(', ');
    await this.q.query(
      `INSERT INTO ${table.name} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table.name}, $1::json)`,
      [`[${lines.join(',')}]`],
    );
  }

  /** The memorial settings' row as PostgreSQL writes it, or null when there is none. */
  async memorial(): Promise<string | null> {
    const rows: Array<{ line: string }> = await this.q.query(
      `SELECT row_to_json(m)::text AS line FROM (SELECT ${MEMORIAL_COLUMNS.join(', ')} FROM memorial_settings WHERE id = 1) m`,
    );
    return rows[0]?.line ?? null;
  }

  /** The memorial settings' row from a backup, in place of the one this archive's first start made. */
  async restoreMemorial(line: string): Promise<void> {
    const columns = MEMORIAL_COLUMNS.join(', ');
    await this.q.query(`DELETE FROM memorial_settings`);
    await this.q.query(
      `INSERT INTO memorial_settings (id, ${columns}) SELECT 1, ${columns} FROM json_populate_record(NULL::memorial_settings, $1::json)`,
      [line],
    );
  }

  /** Holds off writers until the restore commits, so the emptiness it checked stays true. */
  async lockForRestore(tables: readonly TableSpec[]): Promise<void> {
    await this.q.query(`LOCK TABLE ${tables.map((t) => t.name).join(', ')} IN EXCLUSIVE MODE`);
  }

  async usernames(): Promise<string[]> {
    const rows: Array<{ username: string }> = await this.q.query(`SELECT username FROM users ORDER BY id`);
    return rows.map((r) => r.username);
  }

  async removeAccounts(): Promise<void> {
    await this.q.query(`DELETE FROM users`);
  }

  /** Sessions name a user id; after a restore those ids are other people, so every session goes. */
  async signOutEveryone(): Promise<void> {
    await this.q.query(`DELETE FROM sessions`);
  }
}
