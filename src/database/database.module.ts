import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
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
    migrationsRun: true,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    logging: ['error' as const],
  };
  if (config.databaseUrl) {
    // A database that stops answering (not just refusing) must fail a request as 503, not hang it.
    return { ...common, url: config.databaseUrl, extra: { max: config.databasePoolSize, Client: DroppingClient, ...postgresConnectionWaits() } };
  }
  const dir = options.inMemory ? undefined : join(config.dataDir, 'db');
  return { ...common, driver: pgliteDriver(dir) } as DataSourceOptions;
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
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(config, options), autoLoadEntities: true })],
    };
  }
}
