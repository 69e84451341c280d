import { Module, type DynamicModule, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JobHandlerRegistry } from './application/job-handler.registry.js';
import type { JobCatalogueShape } from './application/ports/job-catalogue.js';
import { JOB_HANDLERS, JOB_QUEUE, type JobHandler } from './application/ports/job-queue.port.js';
import { QUEUE_DEFINITION, type QueueDefinition } from './application/queue-definition.js';
import { BullJobQueue } from './infrastructure/bullmq.job-queue.js';
import { BullJobWorker } from './infrastructure/bullmq.job-worker.js';
import { DatabaseJobQueue } from './infrastructure/database.job-queue.js';
import { JobsTable } from './infrastructure/jobs.table.js';

export interface QueueModuleOptions<C extends JobCatalogueShape> extends QueueDefinition<C> {
  /**
   * 'api' queues jobs and exports JOB_QUEUE: BullMQ when redisUrl is set, else the database queue,
   * which runs the jobs in this process. 'worker' consumes the BullMQ queue and exports nothing.
   */
  role: 'api' | 'worker';
  /** The modules that provide the handlers. */
  imports: ModuleMetadata['imports'];
  /** One handler class per job of the catalogue (checked at start-up). */
  handlers: Array<Type<JobHandler<C>>>;
}

/**
 * A job queue, generic over its user's job catalogue. The user registers it with its jobs, their
 * handlers, its failure policy and its settings, and injects JOB_QUEUE (the JobQueue port).
 */
@Module({})
export class QueueModule {
  static register<C extends JobCatalogueShape>({ role, imports, handlers, ...definition }: QueueModuleOptions<C>): DynamicModule {
    const core: Provider[] = [
      { provide: QUEUE_DEFINITION, useValue: definition },
      { provide: JOB_HANDLERS, inject: handlers, useFactory: (...all: Array<JobHandler<C>>) => all },
      JobHandlerRegistry,
    ];
    if (role === 'worker') {
      if (!definition.redisUrl) throw new Error(`The worker of queue "${definition.name}" needs Redis: without it the API process runs the jobs itself.`);
      return { module: QueueModule, imports, providers: [...core, BullJobWorker] };
    }
    const queue: Provider[] = definition.redisUrl
      ? [{ provide: JOB_QUEUE, useClass: BullJobQueue }]
      : [
          { provide: JOB_QUEUE, useClass: DatabaseJobQueue },
          { provide: JobsTable, inject: [getDataSourceToken()], useFactory: (db: DataSource) => new JobsTable(db, definition.table) },
        ];
    return { module: QueueModule, imports, providers: [...core, ...queue], exports: [JOB_QUEUE] };
  }
}
