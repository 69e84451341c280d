import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

const CHANNEL = 'catalog_changed';

/**
 * Tells every API process that the catalog changed, so caches of public reads stay correct when
 * another replica writes. On PostgreSQL a NOTIFY sent inside the writing transaction reaches every
 * listening replica on commit; embedded PGlite has a single process, so a local signal suffices.
 *
 * `version` moves on every change; a cache entry is valid only for the version it was made under,
 * and only while `reliable` (the listener is connected), so a lost connection can never serve stale data.
 */
@Injectable()
export class CatalogChanges implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogChanges.name);
  private client?: pg.Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  version = 0;
  reliable: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.reliable = !config.databaseUrl;
  }

  async onModuleInit(): Promise<void> {
    if (this.config.databaseUrl) await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  /** Called inside a writing transaction: other replicas hear of it when it commits. */
  async announce(manager: EntityManager): Promise<void> {
    if (this.config.databaseUrl) await manager.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
  }

  /** Called after this process committed a change. */
  changedLocally(): void {
    this.version++;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.databaseUrl });
    client.on('notification', () => this.version++);
    client.on('error', (err) => this.lost(err));
    client.on('end', () => this.lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
      this.version++;
      this.reliable = true;
    } catch (err) {
      this.lost(err as Error);
    }
  }

  private lost(err?: Error): void {
    if (this.stopped) return;
    if (this.reliable) this.logger.warn(`Change listener lost (${err?.message ?? 'closed'}); public read cache off until it reconnects`);
    this.reliable = false;
    this.version++;
    this.client = undefined;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.listen(), 2000);
    this.retry.unref();
  }
}
