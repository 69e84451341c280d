import session from 'express-session';
import type { DataSource } from 'typeorm';

const DEFAULT_TTL_MS = 14 * 24 * 3600 * 1000;

/**
 * Sessions live in the database, so they survive restarts and every API replica shares them.
 * Expired rows are ignored on read and swept now and then.
 */
export class DatabaseSessionStore extends session.Store {
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly db: DataSource) {
    super();
    this.sweeper = setInterval(() => void this.sweep(), 3600_000);
    this.sweeper.unref();
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private expiry(sess: session.SessionData): Date {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + (sess.cookie?.maxAge ?? DEFAULT_TTL_MS));
  }

  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    this.db.query(`SELECT sess FROM sessions WHERE sid = $1 AND expires_at > now()`, [sid]).then((rows: Array<{ sess: unknown }>) => {
      const raw = rows[0]?.sess;
      callback(null, raw ? ((typeof raw === 'string' ? JSON.parse(raw) : raw) as session.SessionData) : null);
    }, callback);
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    this.db
      .query(
        `INSERT INTO sessions (sid, sess, expires_at) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expires_at = EXCLUDED.expires_at`,
        [sid, JSON.stringify(sess), this.expiry(sess)],
      )
      .then(() => callback?.(), callback);
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db.query(`DELETE FROM sessions WHERE sid = $1`, [sid]).then(() => callback?.(), callback);
  }

  override touch(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    this.db.query(`UPDATE sessions SET expires_at = $2 WHERE sid = $1`, [sid, this.expiry(sess)]).then(() => callback?.(), callback);
  }

  async sweep(): Promise<void> {
    await this.db.query(`DELETE FROM sessions WHERE expires_at <= now()`).catch(() => undefined);
  }
}
