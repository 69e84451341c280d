/**
 * The one contract of the FileStore port, run alike against the file store and against the S3
 * store on a real S3-compatible server started on 127.0.0.1 (test/support/s3-server.ts), so the
 * embedded default and object storage cannot drift apart. Both are built by the factory the API,
 * the worker and the command-line tools use, from the same settings a user gives.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../test/support/s3-server.js';
import { ConfigError, loadConfig } from '../../config/app-config.js';
import { FileNotStoredError, FileStoreUnavailableError, type FileStore } from '../application/ports/file-store.port.js';
import { keepPhoto, pageToRead, readingCopyKey, removePhoto } from '../../scanning/application/reading-copies.js';
import { pageImageIntake } from '../../scanning/infrastructure/images/page-image.intake.js';
import { openFileStore, type OpenedFileStore } from './file-store.factory.js';

let s3: S3TestServer;
let bucketNo = 0;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const photo = (width: number) =>
  sharp({ create: { width, height: 40, channels: 3, background: '#d8cfc0' } })
    .jpeg()
    .toBuffer();

const stores: Array<[string, () => Promise<OpenedFileStore>]> = [
  ['files', () => openFileStore(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'page-store-')) }))],
  ['S3', async () => openFileStore(loadConfig(s3.env(await s3.createBucket(`pages-${process.pid}-${++bucketNo}`))))],
];

describe.each(stores)('the %s file store', (kind, open) => {
  let opened: OpenedFileStore;
  let store: FileStore;

  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(() => opened?.close());

  it(`is the store the settings choose (${kind})`, () => {
    expect(opened.description).toMatch(
      kind === 'S3' ? /^S3 bucket "pages-\d+-\d+" at http:\/\/127\.0\.0\.1:\d+$/ : /^files under \/.+\/pages$/,
    );
  });

  it('gives back the very bytes it was given, and a second put replaces them', async () => {
    const first = await photo(60);
    const second = await photo(61);
    await store.put('publications/1/scan-1-a/page-0.jpg', first);
    expect((await store.get('publications/1/scan-1-a/page-0.jpg')).equals(first)).toBe(true);
    await store.put('publications/1/scan-1-a/page-0.jpg', second);
    expect((await store.get('publications/1/scan-1-a/page-0.jpg')).equals(second)).toBe(true);
  });

  it('keeps a streamed file of a given length, and gives it back whole or as a range of its bytes', async () => {
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await store.putStream('recordings/9/a.wav', Readable.from([data.subarray(0, 30_000), data.subarray(30_000)]), data.length);
    expect((await store.get('recordings/9/a.wav')).equals(data)).toBe(true);
    expect((await buffer(await store.read('recordings/9/a.wav'))).equals(data)).toBe(true);
    expect((await buffer(await store.read('recordings/9/a.wav', { start: 100, end: 65_999 }))).equals(data.subarray(100, 66_000))).toBe(
      true,
    );
    await expect(store.read('recordings/9/missing.wav')).rejects.toBeInstanceOf(FileNotStoredError);
    await store.remove('recordings/9/a.wav');
  });

  it("keeps a photo's reading copy beside it, reads the page from it, and removes it with its photo or its folder", async () => {
    const key = 'publications/3/scan-3-a/page-0.jpg';
    const data = await photo(900);
    const reading = await pageImageIntake.normalise(data, 0);
    const missing = (k: string) =>
      store.get(k).then(
        () => 'stored',
        (e: unknown) => (e instanceof FileNotStoredError ? 'missing' : e),
      );
    await keepPhoto(store, key, data, reading);
    expect((await store.get(readingCopyKey(key))).equals(reading.data)).toBe(true);
    expect(await pageToRead(store, pageImageIntake, { storageKey: key, index: 0, label: 'Page 1' })).toEqual(reading);
    await removePhoto(store, key);
    expect([await missing(key), await missing(readingCopyKey(key))]).toEqual(['missing', 'missing']);
    await keepPhoto(store, key, data, reading);
    await store.removeAll('publications/3');
    expect([await missing(key), await missing(readingCopyKey(key))]).toEqual(['missing', 'missing']);
  });

  it('says a key holds nothing with FileNotStoredError', async () => {
    const err = await store.get('publications/1/scan-1-a/page-9.jpg').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileNotStoredError);
    expect((err as FileNotStoredError).key).toBe('publications/1/scan-1-a/page-9.jpg');
  });

  it('removes one page, leaves its neighbours, and takes removing nothing in its stride', async () => {
    const data = await photo(62);
    await store.put('publications/2/scan-2-a/page-0.jpg', data);
    await store.put('publications/2/scan-2-a/page-1.jpg', data);
    await store.remove('publications/2/scan-2-a/page-0.jpg');
    await store.remove('publications/2/scan-2-a/page-0.jpg');
    await store.remove('publications/2/never-stored/page-0.jpg');
    await expect(store.get('publications/2/scan-2-a/page-0.jpg')).rejects.toBeInstanceOf(FileNotStoredError);
    expect((await store.get('publications/2/scan-2-a/page-1.jpg')).equals(data)).toBe(true);
  });

  it('removes everything under a prefix, more than one batch of it, and nothing of a publication whose id begins the same', async () => {
    const data = await photo(63);
    // Past S3's 1,000 objects a listing and a delete: the removal must page through them.
    const keys = Array.from({ length: 1010 }, (_, i) => `publications/7/scan-7-${Math.floor(i / 10)}/page-${i % 10}.jpg`);
    for (let i = 0; i < keys.length; i += 25)
      await Promise.all(keys.slice(i, i + 25).map((key) => store.put(key, Buffer.from(`page ${i}`))));
    await store.put('publications/70/scan-70-a/page-0.jpg', data);
    await store.put('publications/8/scan-8-a/page-0.jpg', data);

    await store.removeAll('publications/7');
    for (const key of [keys[0], keys[999], keys[1009]]) await expect(store.get(key)).rejects.toBeInstanceOf(FileNotStoredError);
    expect((await store.get('publications/70/scan-70-a/page-0.jpg')).equals(data)).toBe(true);
    expect((await store.get('publications/8/scan-8-a/page-0.jpg')).equals(data)).toBe(true);
    await store.removeAll('publications/7');
    await store.removeAll('publications/404');
    if (kind === 'S3')
      expect((await s3.keys(opened.description.match(/"(.+)"/)![1])).filter((k) => k.startsWith('publications/7/'))).toEqual([]);
  }, 120_000);

  it.each(['../escape.jpg', 'publications/../../etc/passwd', '/absolute.jpg', 'publications//page.jpg', 'publications/1/', 'a b.jpg', ''])(
    'refuses the key %j and stores nothing',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('Invalid file key');
      await expect(store.get(key)).rejects.toThrow('Invalid file key');
      await expect(store.remove(key)).rejects.toThrow('Invalid file key');
    },
  );
});

describe('the S3 page store when the store fails', () => {
  /** A port on 127.0.0.1 that nothing listens on. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    await new Promise((done) => server.close(done));
    return port;
  }

  it('answers every call with FileStoreUnavailableError (a 503 with Retry-After) when nothing answers, within seconds', async () => {
    const opened = await openFileStore(loadConfig({ ...s3.env('archive-pages'), S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }));
    try {
      const started = Date.now();
      for (const call of [
        () => opened.store.put('publications/1/p.jpg', Buffer.from('x')),
        () => opened.store.get('publications/1/p.jpg'),
        () => opened.store.remove('publications/1/p.jpg'),
        () => opened.store.removeAll('publications/1'),
      ]) {
        const err = await call().catch((e: unknown) => e);
        expect(err).toBeInstanceOf(FileStoreUnavailableError);
        expect(err).toMatchObject({ code: 'SCAN.PAGE_STORE_UNAVAILABLE', status: 503, retryAfterSeconds: 15 });
      }
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      opened.close();
    }
  });

  it('stops the start, naming the setting, when the bucket does not exist or refuses the keys', async () => {
    const missing = openFileStore(loadConfig(s3.env('no-such-bucket')));
    await expect(missing).rejects.toBeInstanceOf(ConfigError);
    await expect(missing).rejects.toThrow(`S3_BUCKET: there is no bucket "no-such-bucket" at ${s3.endpoint}; make it first`);

    const bucket = await s3.createBucket(`pages-${process.pid}-keys`);
    const refused = openFileStore(loadConfig({ ...s3.env(bucket), S3_ACCESS_KEY_ID: 'NOT-OUR-KEY' }));
    await expect(refused).rejects.toThrow(
      `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are refused by the bucket "${bucket}" at ${s3.endpoint}`,
    );
  });
});
