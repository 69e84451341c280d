import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * A real S3-compatible server on 127.0.0.1 for the tests, in a process of its own.
 *
 * Why @20minutes/s3rver: it is pure JavaScript from the npm registry (no Docker, nothing downloaded
 * at run time, unlike MinIO's binary or LocalStack), speaks S3's REST protocol over a folder of
 * files, and works with AWS SDK v3. It is the maintained fork of s3rver (which pins fast-xml-parser
 * 3 and busboy 0.3, both with known vulnerabilities); its 4.0 line runs on Node 20 and 24.
 *
 * Two of its ways are worked around: it lists more than a page of objects only with OpenSSL's
 * legacy provider (its continuation tokens use DES), so its process gets that flag; and its
 * signature check of bucket-level requests (list, multi-delete, head) follows SDK v2's canonical
 * path (`/bucket`) where SDK v3 signs `/bucket/`, so signatures are let through (the SDK's own
 * business) while an unknown access key is still refused.
 *
 * A server that cannot start throws, so a test never passes, nor is skipped, without it.
 */
export interface S3TestServer {
  endpoint: string;
  /** A new empty bucket. */
  createBucket(name: string): Promise<string>;
  /** Every key in a bucket, sorted. */
  keys(bucket: string): Promise<string[]>;
  /** The bytes of one object. */
  object(bucket: string, key: string): Promise<Buffer>;
  /** Writes one object, behind the archive's back. */
  putObject(bucket: string, key: string, data: Buffer): Promise<void>;
  /** The settings that put an archive's page photos in this bucket. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

// s3rver knows one account, with this key pair.
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const SERVER = join(import.meta.dirname, 's3-server-process.mjs');

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SERVER, directory], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The S3 test server did not start within 30 s: ${stderr}`)), 30_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The S3 test server stopped (exit ${code}) before it listened: ${stderr}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS });
  return {
    endpoint,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async keys(bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async object(bucket, key) {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async putObject(bucket, key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data }));
    },
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    }),
    async close() {
      client.destroy();
      if (child.exitCode === null) child.kill();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
