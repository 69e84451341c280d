import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { MIGRATIONS } from './migrations/index.js';
import { pgliteDriver } from './pglite/pglite-driver.js';
import { DroppingClient, postgresConnectionWaits } from './postgres-waits.js';

export interface DatabaseOptions {
  /** In-memory PGlite instead of DATA_DIR (tests without DATABASE_URL). */
  inMemory?: boolean;
}

export function dataSourceOptions(config: AppConfig, options: DatabaseOptions = {}): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    migrations: MIGRATIONS,
    // PGlite migrates as it opens; PostgreSQL first, on a connection of its own (migrateUnhurried).
    migrationsRun: !config.databaseUrl,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    logging: ['error' as const],
  };
  if (config.databaseUrl) {
    // A database that stops answering (not just refusing) must fail a request as 503, not hang it.
    return {
      ...common,
      url: config.databaseUrl,
      extra: { max: config.databasePoolSize, Client: DroppingClient, ...postgresConnectionWaits() },
    };
  }
  const dir = options.inMemory ? undefined : join(config.dataDir, 'db');
  return { ...common, driver: pgliteDriver(dir) } as DataSourceOptions;
}

/**
 * Runs PostgreSQL's pending migrations on a connection without the request-sized waits of
 * postgres-waits.ts: building an index over a grown archive may rightly take minutes, and a
 * migration cut off at 5 s would stop the archive from starting. (PGlite migrates as it opens.)
 */
async function migrateUnhurried(options: DataSourceOptions): Promise<void> {
  if (options.type !== 'postgres' || options.migrationsRun) return;
  const {
    statement_timeout: _s,
    query_timeout: _q,
    idle_in_transaction_session_timeout: _i,
    ...extra
  } = (options.extra ?? {}) as Record<string, unknown>;
  const migrator = new DataSource({ ...options, entities: [], extra: { ...extra, max: 1 } });
  await migrator.initialize();
  try {
    await migrator.runMigrations({ transaction: 'each' });
  } finally {
    await migrator.destroy();
  }
}

/** The archive's database, open and migrated (for the command-line tools; the app uses DatabaseModule). */
export async function openDataSource(config: AppConfig, options: DatabaseOptions = {}): Promise<DataSource> {
  const dataSourceOpts = dataSourceOptions(config, options);
  await migrateUnhurried(dataSourceOpts);
  return new DataSource(dataSourceOpts).initialize();
}

/**
 * PostgreSQL when DATABASE_URL is set, embedded PGlite under DATA_DIR otherwise; migrations run on
 * start. The shared kernel knows no feature: each module registers its own entities
 * (TypeOrmModule.forFeature), and the DataSource maps those of the modules the process loads.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig, options: DatabaseOptions = {}): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions(config, options), autoLoadEntities: true }),
          dataSourceFactory: async (typeOrmOptions) => {
            await migrateUnhurried(typeOrmOptions!);
            return new DataSource(typeOrmOptions!);
          },
        }),
      ],
    };
  }
}
