import type { Provider } from '@nestjs/common';
import { QUEUE_HEALTH, type QueueHealth } from '../../health/index.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.port.js';

/** The scan queue's state for /api/health/: reachable, and whether any worker consumes it. */
export const queueHealthProvider: Provider = {
  provide: QUEUE_HEALTH,
  inject: [JOB_QUEUE],
  useFactory: (queue: JobQueue): QueueHealth => ({
    async state() {
      const mode = queue.kind === 'bullmq' ? 'redis' : 'in-process';
      try {
        await queue.assertAvailable();
        const consumers = await queue.hasConsumers();
        return {
          mode,
          ok: true,
          workers: consumers,
          ...(consumers ? {} : { detail: 'No scan worker is running: start one with npm run worker' }),
        };
      } catch (err) {
        return { mode, ok: false, detail: (err as Error).message };
      }
    },
  }),
};
