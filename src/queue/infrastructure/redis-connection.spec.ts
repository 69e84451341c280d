import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { queueEventsConnection, redisOptions } from './redis-connection.js';

/** What ioredis itself makes of a URL (lazyConnect: nothing is connected). */
function ioredisReads(url: string) {
  const redis = new Redis(url, { lazyConnect: true });
  const { host, port, db, username, password, tls } = redis.options;
  redis.disconnect();
  // A rediss:// URL sets tls: true; as an option TLS is an object of settings, {} for the defaults.
  return { host, port, db, username: username || undefined, password: password || undefined, tls: tls ? {} : undefined };
}

describe('redisOptions', () => {
  it.each([
    'redis://127.0.0.1:6379',
    'redis://cache.internal',
    'redis://cache.internal:6380/6',
    'redis://:s%40cret@cache.internal:6379/2',
    'redis://archive:p%3Ass@10.0.0.5:7000/15',
    'rediss://archive:pw@redis.example.org:6380/1',
    'redis://[::1]:6379/3',
  ])('reads %s as ioredis does: host, port, database, user, password, TLS', (url) => {
    const options = redisOptions(url);
    expect(ioredisReads(url)).toEqual({
      host: options.host,
      port: options.port,
      db: options.db,
      username: options.username,
      password: options.password,
      tls: options.tls,
    });
  });

  it('gives the queue events connection the URL complete, so no default host or database stands in', () => {
    expect(queueEventsConnection('rediss://u:p@redis.example.org:6380/4')).toMatchObject({
      host: 'redis.example.org',
      port: 6380,
      db: 4,
      username: 'u',
      password: 'p',
      tls: {},
      // BullMQ refuses a blocking connection that gives up on commands.
      maxRetriesPerRequest: null,
    });
  });
});
