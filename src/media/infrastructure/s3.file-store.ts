import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { ConfigError, type S3Settings } from '../../config/app-config.js';
import { FileNotStoredError, FileStoreUnavailableError, type ByteRange, type FileStore } from '../application/ports/file-store.port.js';
import { assertFileKey } from '../domain/file-key.js';

/** S3 deletes at most 1,000 objects a request, and lists at most as many a page. */
const BATCH = 1000;

/**
 * Files as objects in an S3-compatible bucket (AWS, MinIO, ...), under the same keys the
 * file store uses as paths, so API replicas and workers on different machines share them and a
 * backup moves between the two stores unchanged.
 */
export class S3FileStore implements FileStore, OnModuleDestroy {
  readonly kind = 's3';
  private readonly logger = new Logger(S3FileStore.name);
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly where: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.where = `bucket "${settings.bucket}" at ${settings.endpoint ?? `AWS ${settings.region}`}`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // A store that does not answer fails the request within seconds (a 503), rather than holding it.
      requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
      maxAttempts: 3,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's
      // newer default of a CRC32 on every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Human words for the log and start-up messages. */
  describe(): string {
    return `S3 ${this.where}`;
  }

  /**
   * Stops the start when the bucket is missing or refuses our keys (a setting to fix); a store
   * that cannot be reached yet only warns, as its requests will answer 503 until it is back.
   */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = (err as S3ServiceException).$metadata?.httpStatusCode;
      if (status === 404) throw new ConfigError(`S3_BUCKET: there is no ${this.where}; make it first`);
      if (status === 401 || status === 403)
        throw new ConfigError(`S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are refused by the ${this.where}`);
      this.logger.warn(`The file store (${this.where}) cannot be reached now: ${reason(err)}; stored files answer 503 until it can`);
    }
  }

  /** The bucket answers to our keys. */
  async check(): Promise<void> {
    await this.call('reach the bucket', () => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertFileKey(key);
    // A PUT replaces the object whole, so a reader never sees half a photo.
    await this.call(`put ${key}`, () =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length })),
    );
  }

  async putStream(key: string, data: Readable, length: number): Promise<void> {
    assertFileKey(key);
    // One PUT of a known length streams the body (up to S3's 5 GB), and replaces the object whole.
    await this.call(`put ${key}`, () =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: length })),
    );
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertFileKey(key);
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (err instanceof S3ServiceException && err.name === 'NoSuchKey') throw new FileNotStoredError(key);
      throw this.unavailable(`read ${key}`, err);
    }
  }

  async get(key: string): Promise<Buffer> {
    assertFileKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = await res.Body!.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      if (err instanceof S3ServiceException && err.name === 'NoSuchKey') throw new FileNotStoredError(key);
      throw this.unavailable(`get ${key}`, err);
    }
  }

  async removeAll(prefix: string): Promise<void> {
    assertFileKey(prefix);
    // The folder's contents only: `publications/7/` never reaches `publications/70/`.
    const folder = `${prefix}/`;
    let token: string | undefined;
    do {
      const page = await this.call(`list ${folder}`, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, MaxKeys: BATCH, ContinuationToken: token })),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length) {
        const res = await this.call(`remove ${keys.length} objects under ${folder}`, () =>
          this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } })),
        );
        // A batch answers 200 even when some objects stayed; each says why.
        if (res.Errors?.length) {
          const first = res.Errors[0];
          throw this.unavailable(
            `remove ${res.Errors.length} objects under ${folder}`,
            new Error(`${first.Key}: ${first.Code} ${first.Message ?? ''}`.trim()),
          );
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async remove(key: string): Promise<void> {
    assertFileKey(key);
    // S3 answers a delete of nothing as a success, as the port asks.
    await this.call(`remove ${key}`, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  /** Closes the client's connections (command-line tools, tests). */
  destroy(): void {
    this.client.destroy();
  }

  /** Nest calls this when the API or worker stops. */
  onModuleDestroy(): void {
    this.destroy();
  }

  private async call<T>(what: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (err) {
      throw this.unavailable(what, err);
    }
  }

  /** Any failure of the store itself (down, slow, a missing bucket, refused keys) is an outage to the caller; the log says which. */
  private unavailable(what: string, err: unknown): FileStoreUnavailableError {
    this.logger.warn(`The file store (${this.where}) failed to ${what}: ${reason(err)}`);
    return new FileStoreUnavailableError(reason(err));
  }
}

function reason(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return [e.code ?? e.name, status ? `HTTP ${status}` : undefined, e.message].filter(Boolean).join(' ');
}
