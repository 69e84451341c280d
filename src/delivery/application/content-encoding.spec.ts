import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, PER_REQUEST, preferredEncoding } from './content-encoding.js';

describe('content encoding', () => {
  it('prefers Brotli, then gzip, honouring q=0 and the wildcard', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('compresses to bytes that decode to the original, kept or made for one request', () => {
    const body = Buffer.from('<p>The river wakes before the town</p>\n'.repeat(50));
    for (const effort of [undefined, PER_REQUEST]) {
      expect(brotliDecompressSync(compress(body, 'br', effort)).equals(body)).toBe(true);
      expect(gunzipSync(compress(body, 'gzip', effort)).equals(body)).toBe(true);
    }
  });
});
