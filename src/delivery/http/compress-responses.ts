import compression from 'compression';
import type { RequestHandler } from 'express';
import { constants } from 'node:zlib';
import { PER_REQUEST } from '../application/content-encoding.js';

const COMPRESSED_TYPES = /^(text\/html|application\/json|application\/(?:[\w.+-]+\+)?xml)\b/;

/**
 * Compression of the HTML, JSON and XML answers the application makes (cache misses, signed-in
 * curators, errors), per request with the per-request settings. Answers that already carry a
 * Content-Encoding (the reader's pre-compressed assets) are left alone.
 */
export function compressResponses(): RequestHandler {
  return compression({
    filter: (_req, res) => COMPRESSED_TYPES.test(String(res.getHeader('Content-Type') ?? '')),
    level: PER_REQUEST.gzip,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST.brotli, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
  }) as RequestHandler;
}
