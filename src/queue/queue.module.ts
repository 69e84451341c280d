import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Module, type DynamicModule, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { JobHandlerRegistry } from './application/job-handler.registry.js';
import type { JobCatalogueShape } from './application/ports/job-catalogue.js';
import { JOB_HANDLERS, JOB_QUEUE, type JobHandler } from './application/ports/job-queue.port.js';
import { QUEUE_DEFINITION, type QueueDefinition } from './application/queue-definition.js';
import { bullJobEventsFor } from './infrastructure/bullmq.job-events.js';
import { bullJobProcessorFor } from './infrastructure/bullmq.job-processor.js';
import { bullJobOptions, BullJobQueue } from './infrastructure/bullmq.job-queue.js';
import { BULL_EVENTS, BULL_QUEUE, QUEUE_REDIS } from './infrastructure/bullmq.tokens.js';
import { DatabaseJobQueue } from './infrastructure/database.job-queue.js';
import { JobsTable } from './infrastructure/jobs.table.js';
import { apiRedisConnection, workerRedisConnection } from './infrastructure/redis-connection.js';

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
      if (!definition.redisUrl)
        throw new Error(`The worker of queue "${definition.name}" needs Redis: without it the API process runs the jobs itself.`);
      const bull = bullModules(definition, role);
      return {
        module: QueueModule,
        imports: [...(imports ?? []), ...bull.imports],
        providers: [...core, ...bull.providers, bullJobProcessorFor(definition)],
      };
    }
    if (definition.redisUrl) {
      const bull = bullModules(definition, role);
      // The API waits for its jobs' ends on the queue's events.
      const events = bullJobEventsFor(definition);
      const queue: Provider[] = [events, { provide: BULL_EVENTS, useExisting: events }, { provide: JOB_QUEUE, useClass: BullJobQueue }];
      return {
        module: QueueModule,
        imports: [...(imports ?? []), ...bull.imports],
        providers: [...core, ...bull.providers, ...queue],
        exports: [JOB_QUEUE],
      };
    }
    const queue: Provider[] = [
      { provide: JOB_QUEUE, useClass: DatabaseJobQueue },
      { provide: JobsTable, inject: [getDataSourceToken()], useFactory: (db: DataSource) => new JobsTable(db, definition.table) },
    ];
    return { module: QueueModule, imports, providers: [...core, ...queue], exports: [JOB_QUEUE] };
  }
}

/**
 * The queue on Redis through @nestjs/bullmq: one connection per process (the API's fails fast, the
 * worker's waits for Redis), the BullMQ queue registered on it under the definition's name and
 * prefix, and BULL_QUEUE naming it for the adapters. The API queues on it, a worker's processor
 * (bullJobProcessorFor) consumes it.
 */
function bullModules<C extends JobCatalogueShape>(definition: QueueDefinition<C>, role: 'api' | 'worker') {
  const { name, settings, redisUrl } = definition;
  const connection: DynamicModule = {
    module: QueueRedisModule,
    providers: [
      { provide: QUEUE_REDIS, useFactory: () => (role === 'api' ? apiRedisConnection(redisUrl!) : workerRedisConnection(redisUrl!)) },
    ],
    exports: [QUEUE_REDIS],
  };
  const queue = BullModule.registerQueueAsync({
    name,
    imports: [connection],
    inject: [QUEUE_REDIS],
    useFactory: (redis: Redis) => ({ connection: redis, prefix: settings.queuePrefix, defaultJobOptions: bullJobOptions(settings) }),
  });
  return { imports: [connection, queue], providers: [{ provide: BULL_QUEUE, useExisting: getQueueToken(name) }] };
}

/** Holds the queue's Redis connection, shared by BullMQ's queue and the adapters (who close it last). */
@Module({})
class QueueRedisModule {}
