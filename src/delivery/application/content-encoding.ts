import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** How hard to compress: Brotli quality and gzip level. */
interface Effort {
  brotli: number;
  gzip: number;
}

/**
 * For answers the read cache keeps, compressed once. Brotli quality 5 (bench/compression-bench.mjs,
 * a 46 KB 40-poem book page of varied verse, on the busy shared machine): 9.6 KB in ~2 ms,
 * against 8.4 KB in 75 ms at quality 11, 9.5 KB in ~1.3-2 ms at 6, 10.4 KB at 4; gzip -6 gives
 * 10.0 KB in ~0.9 ms. Past 5 the size hardly moves while the time does.
 */
const KEPT: Effort = { brotli: 5, gzip: 6 };

/**
 * For answers made for one request (cache misses, curators), compressed while the visitor waits:
 * Brotli quality 1 is about ten times faster than 5 for some 15% more bytes on the 46 KB book
 * page, and gzip 1 likewise.
 */
export const PER_REQUEST: Effort = { brotli: 1, gzip: 1 };

/**
 * In one call on the event loop: a 22 KB page takes about 55 us at PER_REQUEST, while zlib's
 * asynchronous form (its stream handed to libuv's pool) costs more of the event loop than that,
 * and three times the CPU in all.
 */
export function compress(body: Buffer, encoding: Encoding, effort: Effort = KEPT): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: effort.brotli,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: effort.gzip });
}

const parsed = new Map<string, Encoding | undefined>();

/**
 * The coding to answer with for an Accept-Encoding header: br if acceptable, else gzip, else none.
 * Browsers send a handful of distinct headers, so answers are remembered (a bounded memo: the
 * fast path must not parse on every hit).
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (parsed.has(header)) return parsed.get(header);
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (coding: Encoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  const choice = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
  if (parsed.size > 200) parsed.clear();
  parsed.set(header, choice);
  return choice;
}
