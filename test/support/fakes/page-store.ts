import { PageNotStoredError, PageStoreUnavailableError, type PageStore } from '../../../src/scanning/application/ports/page-store.port.js';

/**
 * A page store in memory, as the file and S3 stores behave (page-store.contract.spec.ts): a key
 * holds the bytes last put under it, a missing key is PageNotStoredError, removing what is not
 * there is fine, and removeAll takes a folder (`publications/7` takes `publications/7/…`, never
 * `publications/70/…`). `down` makes every call fail as an unreachable object store does, and
 * `refusePut` fails the puts it matches, for a store that fails part way through an upload.
 *
 * Left out: the bytes on disk or in a bucket, and the health check's detail.
 */
export class FakePageStore implements PageStore {
  readonly kind = 'files' as const;
  readonly objects = new Map<string, Buffer>();
  down = false;
  refusePut?: (key: string) => boolean;

  private reachable(): void {
    if (this.down) throw new PageStoreUnavailableError('the fake store is down');
  }

  async check(): Promise<void> {
    this.reachable();
  }

  async put(key: string, data: Buffer): Promise<void> {
    this.reachable();
    if (this.refusePut?.(key)) throw new PageStoreUnavailableError(`refused ${key}`);
    this.objects.set(key, Buffer.from(data));
  }

  async get(key: string): Promise<Buffer> {
    this.reachable();
    const data = this.objects.get(key);
    if (!data) throw new PageNotStoredError(key);
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
