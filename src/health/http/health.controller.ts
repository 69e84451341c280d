import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type { HealthAnswer } from '../../../contracts/auth.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../common/database-unavailable.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { PAGE_STORE_HEALTH, type PageStoreHealth } from '../application/ports/page-store-health.port.js';
import { QUEUE_HEALTH, type QueueHealth } from '../application/ports/queue-health.port.js';

@ApiTags('health')
@Controller('api')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(QUEUE_HEALTH) private readonly queue?: QueueHealth,
    @Optional() @Inject(PAGE_STORE_HEALTH) private readonly pageStore?: PageStoreHealth,
  ) {}

  @Get()
  @ApiOperation({ summary: 'A small index of the API' })
  index() {
    return {
      name: 'Poetry archive API',
      docs: '/api/docs',
      health: '/api/health/',
      publications: '/api/publications/',
      poems: '/api/poems/{id}/',
      auth: ['/api/auth/login/', '/api/auth/check/', '/api/auth/logout/'],
      csrf: '/api/ai_extraction/csrf/',
    };
  }

  @Get('health')
  @ApiOperation({ summary: 'Database, queue and page store state; 503 when the database does not answer' })
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthAnswer> {
    res.setHeader('Cache-Control', 'no-store');
    const started = Date.now();
    let database = false;
    let databaseError: string | undefined;
    try {
      await this.db.query('SELECT 1');
      database = true;
    } catch (err) {
      databaseError = (err as Error).message;
    }
    const queue = this.queue
      ? await this.queue.state().catch((err: Error) => ({ mode: 'redis' as const, ok: false, detail: err.message }))
      : { mode: this.config.redisUrl ? 'redis' : 'in-process', ok: true };
    const pageStore = this.pageStore ? await this.pageStore.state() : undefined;
    const othersOk = queue.ok && (pageStore?.ok ?? true);
    if (!database) {
      res.status(503);
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    return {
      status: database && othersOk ? 'ok' : database ? 'degraded' : 'error',
      database,
      database_engine: this.config.databaseUrl ? 'postgresql' : 'pglite',
      ...(databaseError ? { database_error: databaseError } : {}),
      database_latency_ms: Date.now() - started,
      queue,
      ...(pageStore ? { page_store: pageStore } : {}),
      time: new Date().toISOString(),
    };
  }
}
