import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis connections for the queue.
 *
 * The API side fails fast: no offline queue and one retry per command, so a request that queues a
 * job learns at once that the queue is unavailable while Redis is down instead of hanging, and
 * reconnects in the background.
 * The worker side waits for Redis as long as it takes (BullMQ requires maxRetriesPerRequest: null
 * for its blocking commands), so a worker survives a Redis restart.
 */
export function apiRedisConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(200 * times, 5000),
    ...options,
  });
}

export function workerRedisConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(200 * times, 5000),
    ...options,
  });
}

/** Waits until the connection is ready, at most timeoutMs; answers whether it is. */
export function waitForReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(redis.status === 'ready'), timeoutMs);
    redis.on('ready', onReady);
  });
}
