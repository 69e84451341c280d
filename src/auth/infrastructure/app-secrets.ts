import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * A secret generated once and kept in the database, so it survives restarts and every replica
 * signs and verifies with the same one. An explicit value from the environment wins.
 */
export async function appSecret(db: DataSource, name: string, explicit?: string): Promise<string> {
  if (explicit) return explicit;
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    name,
    randomBytes(48).toString('base64url'),
  ]);
  const [{ value }] = await db.query(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
  return String(value);
}
