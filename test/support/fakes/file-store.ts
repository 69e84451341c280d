import { Readable } from 'node:stream';
import { FileNotStoredError, FileStoreUnavailableError, type ByteRange, type FileStore } from '../../../src/media/index.js';

/**
 * A file store in memory, as the file and S3 stores behave (file-store.contract.spec.ts): a key
 * holds the bytes last put under it, a missing key is FileNotStoredError, removing what is not
 * there is fine, and removeAll takes a folder (`publications/7` takes `publications/7/…`, never
 * `publications/70/…`). `down` makes every call fail as an unreachable object store does, and
 * `refusePut` fails the puts it matches, for a store that fails part way through an upload.
 *
 * Left out: the bytes on disk or in a bucket, and the health check's detail.
 */
export class FakeFileStore implements FileStore {
  readonly kind = 'files' as const;
  readonly objects = new Map<string, Buffer>();
  down = false;
  refusePut?: (key: string) => boolean;

  private reachable(): void {
    if (this.down) throw new FileStoreUnavailableError('the fake store is down');
  }

  async check(): Promise<void> {
    this.reachable();
  }

  async put(key: string, data: Buffer): Promise<void> {
    this.reachable();
    if (this.refusePut?.(key)) throw new FileStoreUnavailableError(`refused ${key}`);
    this.objects.set(key, Buffer.from(data));
  }

  async putStream(key: string, data: Readable, length: number): Promise<void> {
    this.reachable();
    if (this.refusePut?.(key)) throw new FileStoreUnavailableError(`refused ${key}`);
    const chunks: Buffer[] = [];
    for await (const chunk of data) chunks.push(Buffer.from(chunk as Uint8Array));
    const bytes = Buffer.concat(chunks);
    if (bytes.length !== length) throw new Error(`Stored ${bytes.length} bytes under ${key}, not the ${length} given`);
    this.objects.set(key, bytes);
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const data = await this.get(key);
    return Readable.from([range ? data.subarray(range.start, range.end + 1) : data]);
  }

  async get(key: string): Promise<Buffer> {
    this.reachable();
    const data = this.objects.get(key);
    if (!data) throw new FileNotStoredError(key);
    return Buffer.from(data);
  }

  async removeAll(prefix: string): Promise<void> {
    this.reachable();
    for (const key of [...this.objects.keys()]) if (key.startsWith(`${prefix}/`)) this.objects.delete(key);
  }

  async remove(key: string): Promise<void> {
    this.reachable();
    this.objects.delete(key);
  }

  /** The keys held, sorted, for comparing what a use case left behind. */
  keys(): string[] {
    return [...this.objects.keys()].sort();
  }
}
