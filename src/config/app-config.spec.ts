import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('defaults to the embedded setup', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.openai.apiKey).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.pageStoreDir.endsWith('/data/pages')).toBe(true);
    expect(c.secureCookies).toBe(false);
    expect(c.apiProcesses).toBe(1);
    expect(c.databasePoolSize).toBe(4);
  });

  it('runs several API processes only over PostgreSQL, sharing four connections unless told', () => {
    const two = loadConfig({ DATABASE_URL: 'postgres://u@h/db', WEB_CONCURRENCY: '2' });
    expect([two.apiProcesses, two.databasePoolSize]).toEqual([2, 2]);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', WEB_CONCURRENCY: '8' }).databasePoolSize).toBe(2);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', WEB_CONCURRENCY: '2', DATABASE_POOL_SIZE: '3' }).databasePoolSize).toBe(3);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
  });

  it('switches to real services and secure cookies from the environment', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:6379', OPENAI_API_KEY: 'k', PUBLIC_URL: 'https://poems.example/' });
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.redisUrl).toBe('redis://h:6379');
    expect(c.openai.apiKey).toBe('k');
    expect(c.publicUrl).toBe('https://poems.example');
    expect(c.secureCookies).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'not a url'],
    ['REDIS_URL', 'redis://h:6379/cache'],
    ['SECURE_COOKIES', 'perhaps'],
    ['MAX_UPLOAD_MB', '0'],
    ['WEB_CONCURRENCY', '0'],
    ['DATABASE_POOL_SIZE', 'many'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
