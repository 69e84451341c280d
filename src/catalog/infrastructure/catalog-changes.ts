import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { isDatabaseUnavailable } from '../../common/database-unavailable.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DroppingClient, postgresConnectionWaits } from '../../database/postgres-waits.js';
import type { ContentChange, ContentChanges } from '../../delivery/index.js';
import type { CatalogChangeNotices, TransactionStatements } from '../application/ports/catalog-change-notices.port.js';

const CHANNEL = 'catalog_changed';
/** NOTIFY payloads stop at 8000 bytes; a longer list of ids is sent as "everything changed". */
const MAX_PAYLOAD = 7000;
/**
 * How often the listening connection is asked whether it still answers. A connection whose peer
 * vanished without a word (a black hole, a restarted server behind NAT) otherwise looks alive and
 * would never hear another change.
 */
const HEARTBEAT_MS = 10_000;

type ChangeListener = (change: ContentChange) => void;

function parsePayload(payload: string | undefined): ContentChange {
  const ids = (payload ?? '').split(',').filter(Boolean).map(Number);
  return ids.length > 0 && ids.every(Number.isInteger) ? { publicationIds: ids } : 'everything';
}

/**
 * Tells every API process that the catalog changed, so caches of public reads stay correct when
 * another replica writes. On PostgreSQL a NOTIFY sent inside the writing transaction reaches every
 * listening replica on commit; embedded PGlite has a single process, so a local signal suffices.
 *
 * `version` moves on every change; a cache entry is fresh only while `reliable` (the listener is
 * connected), so a lost connection never serves stale data while the database answers.
 * Listeners (`onChange`) also hear which publications changed, so a cache can drop only their pages;
 * after the listener reconnects they hear "everything", as changes may have been missed meanwhile.
 */
@Injectable()
export class CatalogChanges implements ContentChanges, CatalogChangeNotices, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogChanges.name);
  private client?: pg.Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private readonly listeners: ChangeListener[] = [];
  version = 0;
  reliable: boolean;
  /** The listener's last try to connect found the database unreachable: nothing can change the catalog now, nor be read. */
  unreachable = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.reliable = !config.databaseUrl;
  }

  async onModuleInit(): Promise<void> {
    if (this.config.databaseUrl) await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    await this.client?.end().catch(() => undefined);
  }

  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  /** Called inside a writing transaction: other replicas hear of it when it commits. */
  async announce(transaction: TransactionStatements, publicationIds: Iterable<number> = []): Promise<void> {
    if (!this.config.databaseUrl) return;
    const payload = [...publicationIds].join(',');
    await transaction.query(`SELECT pg_notify($1, $2)`, [CHANNEL, payload.length > MAX_PAYLOAD ? '' : payload]);
  }

  /** Called after this process committed a change (no ids: everything may have changed). */
  changedLocally(publicationIds: Iterable<number> = []): void {
    this.changed(parsePayload([...publicationIds].join(',')));
  }

  private changed(change: ContentChange): void {
    this.version++;
    for (const listener of this.listeners) listener(change);
  }

  private async listen(): Promise<void> {
    const client: pg.Client = new DroppingClient({ connectionString: this.config.databaseUrl, ...postgresConnectionWaits() });
    client.on('notification', (message) => this.changed(parsePayload(message.payload)));
    client.on('error', (err) => this.lost(err));
    client.on('end', () => this.lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
      this.reliable = true;
      this.unreachable = false;
      this.changed('everything');
      // An unanswered heartbeat drops the connection (DroppingClient), which ends it: lost() below.
      this.heartbeat = setInterval(() => void client.query('SELECT 1').catch(() => undefined), HEARTBEAT_MS);
      this.heartbeat.unref();
    } catch (err) {
      this.lost(err as Error);
      client.end().catch(() => undefined);
    }
  }

  private lost(err?: Error): void {
    if (this.stopped) return;
    if (err && isDatabaseUnavailable(err)) this.unreachable = true;
    if (this.reliable) this.logger.warn(`Change listener lost (${err?.message ?? 'closed'}); public read cache off until it reconnects`);
    this.reliable = false;
    this.version++;
    this.client = undefined;
    clearInterval(this.heartbeat);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.listen(), 2000);
    this.retry.unref();
  }
}
