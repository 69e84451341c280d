import { BadRequestException } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/** Deeper than any request the archive takes (its deepest is an object holding a list). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * A body-parser `verify` hook: refuses JSON nested deeper than `max` before it is parsed. A
 * hundred thousand nested brackets parse, but then overflow the stack of the recursive steps
 * after (class-transformer, validation). One pass over the raw bytes, skipping strings; a
 * malformed body is left for the parser to report.
 */
export function limitJsonDepth(max = MAX_JSON_DEPTH) {
  return (_req: IncomingMessage, _res: ServerResponse, body: Buffer): void => {
    let depth = 0;
    let inString = false;
    for (let i = 0; i < body.length; i++) {
      const byte = body[i];
      if (inString) {
        if (byte === BACKSLASH) i++;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_LIST || byte === OPEN_OBJECT) {
        if (++depth > max) {
          throw Object.assign(new Error(`JSON in the request body is nested more than ${max} levels deep`), { status: 400, type: 'entity.too.deep' });
        }
      } else if (byte === CLOSE_LIST || byte === CLOSE_OBJECT) depth--;
    }
  };
}

/** The path of the first string (or key) holding U+0000 inside a parsed body or query, if any. */
function fieldWithNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const isList = Array.isArray(value);
  for (const [key, item] of Object.entries(value)) {
    const at = isList ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key.includes('\0')) return at;
    const found = fieldWithNul(item, at);
    if (found) return found;
  }
  return undefined;
}

/** Whether an address (path and query, as sent) holds U+0000. */
export function addressHasNul(url: string): boolean {
  return /%00/i.test(url);
}

/**
 * Refuses U+0000 anywhere in the address, the query or a parsed body, naming the field.
 * PostgreSQL cannot store or even compare it in text, so it would otherwise fail as a 500 deep
 * inside whichever query met it first. Other control characters are a per-field rule
 * (common/text-rules.ts): line breaks are fine in a poem, not in a title.
 */
export function refuseNulCharacters() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const field = fieldWithNul(req.body, '') ?? fieldWithNul(req.query, '');
    if (field) return next(new BadRequestException(`${field} must not contain the NUL character (U+0000)`));
    if (addressHasNul(req.originalUrl)) return next(new BadRequestException('The address must not contain the NUL character (U+0000)'));
    next();
  };
}
