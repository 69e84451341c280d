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

  it('reads with English unless OCR_LANGUAGES names installed Tesseract languages, the first the main one', () => {
    expect(loadConfig({}).ocrLanguages).toEqual(['eng']);
    expect(loadConfig({ OCR_LANGUAGES: '' }).ocrLanguages).toEqual(['eng']);
    expect(loadConfig({ OCR_LANGUAGES: 'deu' }).ocrLanguages).toEqual(['deu']);
    expect(loadConfig({ OCR_LANGUAGES: ' eng + spa+eng ' }).ocrLanguages).toEqual(['eng', 'spa']);
    expect(loadConfig({ OCR_LANGUAGES: 'eng+deu+fra+spa+ita' }).ocrLanguages).toEqual(['eng', 'deu', 'fra', 'spa', 'ita']);
  });

  it('refuses OCR_LANGUAGES that are not language codes, or whose data is not installed, naming the package', () => {
    expect(() => loadConfig({ OCR_LANGUAGES: 'English' })).toThrow(ConfigError);
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng,deu' })).toThrow(/OCR_LANGUAGES must be Tesseract language codes joined by "\+"/);
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng++deu' })).toThrow(/got "eng\+\+deu"/);
    expect(() => loadConfig({ OCR_LANGUAGES: '../eng' })).toThrow(ConfigError);
    // A real Tesseract language (Swedish) that the archive does not ship.
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng+swe' })).toThrow(
      /OCR_LANGUAGES names "swe", whose language data is not installed.*install @tesseract\.js-data\/swe/,
    );
  });

  it('switches to real services and secure cookies from the environment', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://h:6379',
      OPENAI_API_KEY: 'k',
      PUBLIC_URL: 'https://poems.example/',
    });
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.redisUrl).toBe('redis://h:6379');
    expect(c.openai.apiKey).toBe('k');
    expect(c.publicUrl).toBe('https://poems.example');
    expect(c.secureCookies).toBe(true);
  });

  it("keeps page photos in an S3 bucket when S3_BUCKET is set, by path on a server of one's own", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    // S3_BUCKET alone chooses: the others may stay set while an empty bucket name picks the files.
    expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'id' }).s3).toBeUndefined();
    const minio = loadConfig({
      S3_BUCKET: 'archive-pages',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).s3;
    expect(minio).toEqual({
      bucket: 'archive-pages',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // On AWS itself: the bucket's host name, and the SDK's own credentials (an instance role).
    expect(loadConfig({ S3_BUCKET: 'archive-pages', S3_REGION: 'eu-west-1' }).s3).toEqual({
      bucket: 'archive-pages',
      endpoint: undefined,
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({ S3_BUCKET: 'archive-pages', S3_ENDPOINT: 'https://s3.example.org', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
    ).toBe(false);
  });

  it.each([
    [{ S3_BUCKET: 'Archive_Pages' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'archive-pages', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must use http: or https:'],
    [{ S3_BUCKET: 'archive-pages', S3_REGION: 'EU West' }, 'S3_REGION must be a region name'],
    [{ S3_BUCKET: 'archive-pages', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY must be set with S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'archive-pages', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID must be set with S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'archive-pages', S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [{ S3_BUCKET: 'archive-pages', PAGE_STORE_DIR: '/srv/pages' }, 'PAGE_STORE_DIR and S3_BUCKET are both set'],
  ])('refuses the object store settings %j, naming what is wrong', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
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
