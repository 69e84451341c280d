import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { OnQueueEvent, QueueEventsHost, QueueEventsListener } from '@nestjs/bullmq';
import type { EventEmitter } from 'node:events';
import type { JobCatalogueShape } from '../application/ports/job-catalogue.js';
import { QUEUE_DEFINITION, type QueueDefinition } from '../application/queue-definition.js';
import { queueEventsConnection } from './redis-connection.js';

/** A job's finish seen through the queue's events, for one waiter. */
export interface JobFinishWatch {
  /**
   * Resolves at the job's next completion or failure after the watch began (one that came before
   * this call counts), once the signal aborts, or after `lookAfterMs` at the latest.
   */
  next(lookAfterMs: number): Promise<void>;
  stop(): void;
}

/**
 * The queue's events on Redis, read by the API process through @nestjs/bullmq (a QueueEventsHost
 * with its QueueEvents): a request waiting for a scan hears of its job's end the moment a worker
 * records it. BullMQ reads them with a blocking command on a connection of its own, made from the
 * queue's Redis URL (redis-connection.ts), and closed here.
 */
@Injectable()
export abstract class BullJobEvents<C extends JobCatalogueShape>
  extends QueueEventsHost
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger: Logger;
  private connected = false;
  private lastErrorLog = 0;

  constructor(@Inject(QUEUE_DEFINITION) private readonly definition: QueueDefinition<C>) {
    super();
    this.logger = new Logger(`${definition.logLabel}Events`);
  }

  onApplicationBootstrap(): void {
    this.queueEvents.waitUntilReady().then(
      () => (this.connected = true),
      () => undefined,
    );
  }

  /**
   * Closes the events' connection. BullMQ's close first waits for that connection to be made, so
   * while Redis has never been reached the connection is dropped instead.
   */
  override async onApplicationShutdown(): Promise<void> {
    if (this.connected) await this.queueEvents.close().catch(() => undefined);
    else
      await this.queueEvents
        .getBackend()
        .close(true)
        .catch(() => undefined);
  }

  /** Starts listening for `jobId`'s end before its state is first read, so no end goes unheard. */
  watch(jobId: string, signal?: AbortSignal): JobFinishWatch {
    // Per-job events (`completed:<id>`) are emitted by name, outside QueueEvents' typed list.
    const events: EventEmitter = this.queueEvents;
    const names = [`completed:${jobId}`, `failed:${jobId}`];
    let heard = false;
    let wake: (() => void) | null = null;
    const onEvent = () => {
      if (wake) wake();
      else heard = true;
    };
    for (const name of names) events.on(name, onEvent);
    signal?.addEventListener('abort', onEvent);
    return {
      next: (lookAfterMs) => {
        if (heard || signal?.aborted) {
          heard = false;
          return Promise.resolve();
        }
        return new Promise<void>((resolve) => {
          const timer = setTimeout(done, lookAfterMs);
          function done() {
            clearTimeout(timer);
            wake = null;
            resolve();
          }
          wake = done;
        });
      },
      stop: () => {
        wake?.();
        for (const name of names) events.off(name, onEvent);
        signal?.removeEventListener('abort', onEvent);
      },
    };
  }

  @OnQueueEvent('error')
  error(err: Error): void {
    const now = Date.now();
    if (now - this.lastErrorLog < 30_000) return;
    this.lastErrorLog = now;
    this.logger.warn(`Redis for the ${this.definition.logLabel.toLowerCase()} queue's events: ${err.message}`);
  }
}

/**
 * The events class of one queue: @QueueEventsListener names the queue at class level, with the
 * connection options from its user's definition (its prefix comes from the registered queue).
 */
export function bullJobEventsFor<C extends JobCatalogueShape>({ name, redisUrl }: QueueDefinition<C>): Type<BullJobEvents<C>> {
  @QueueEventsListener(name, { connection: queueEventsConnection(redisUrl!) })
  class QueueJobEvents extends BullJobEvents<C> {}
  return QueueJobEvents;
}
