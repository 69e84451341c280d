import type { RedisOptions as BullRedisOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis connections for the queue: every one is made from REDIS_URL here.
 *
 * The API side fails fast: no offline queue and one retry per command, so a request that queues a
 * job learns at once that the queue is unavailable while Redis is down instead of hanging, and
 * reconnects in the background.
 * The worker side waits for Redis as long as it takes (BullMQ requires maxRetriesPerRequest: null
 * for its blocking commands), so a worker survives a Redis restart.
 * The API's queue events are read on a connection BullMQ makes (and closes) from options, since
 * their blocking read needs one of its own: the options are the URL's, complete, so BullMQ's own
 * defaults (127.0.0.1:6379) never fill a gap.
 */
const reconnect = { retryStrategy: (times: number) => Math.min(200 * times, 5000) };

/**
 * REDIS_URL (redis:// or rediss://, checked by the config) as ioredis options: host, port, database,
 * user, password and TLS, read as ioredis reads a URL.
 */
export function redisOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    // An IPv6 address comes in brackets.
    host: parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    db: db ? Number(db) : 0,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

export function apiRedisConnection(url: string): Redis {
  return new Redis({ ...redisOptions(url), maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, ...reconnect });
}

export function workerRedisConnection(url: string): Redis {
  return new Redis({ ...redisOptions(url), maxRetriesPerRequest: null, ...reconnect });
}

/** Options of the connection BullMQ makes for the API's queue events: it waits for Redis, like a worker's. */
export function queueEventsConnection(url: string): BullRedisOptions {
  return { ...redisOptions(url), maxRetriesPerRequest: null, ...reconnect };
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
