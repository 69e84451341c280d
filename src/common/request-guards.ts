import { BadRequestException } from '@nestjs/common';
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { formFieldNotUtf8, hasLoneSurrogate, markingInvalidUtf8 } from './well-formed-text.js';

/** Deeper than any request the archive takes (its deepest is an object holding a list). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const badRequest = (message: string, type: string) => Object.assign(new Error(message), { status: 400, type });

const NOT_UNICODE = 'must be valid Unicode text (it holds bytes that are not UTF-8, or a lone surrogate)';

/**
 * A body-parser `verify` hook for JSON bodies: refuses bytes that are not UTF-8 (the parser would
 * put U+FFFD in their place), naming the field that holds them, and JSON nested deeper than `max`.
 */
export function checkJsonBody(max = MAX_JSON_DEPTH) {
  const depth = limitJsonDepth(max);
  return (req: IncomingMessage, res: ServerResponse, body: Buffer, encoding: string): void => {
    if (/^utf-?8$/i.test(encoding) && !isUtf8(body)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(markingInvalidUtf8(body));
      } catch {
        throw badRequest('The request body is not valid UTF-8', 'entity.not.utf8');
      }
      throw badRequest(`${fieldWith(parsed, '', hasLoneSurrogate) ?? 'The request body'} ${NOT_UNICODE}`, 'entity.not.utf8');
    }
    depth(req, res, body);
  };
}

/** A body-parser `verify` hook for form bodies: percent-escapes that do not make UTF-8 are refused, naming the field. */
export function checkFormBody() {
  return (_req: IncomingMessage, _res: ServerResponse, body: Buffer): void => {
    const field = isUtf8(body) ? formFieldNotUtf8(body.toString('utf8')) : 'The request body';
    if (field !== undefined) throw badRequest(`${field} ${NOT_UNICODE}`, 'entity.not.utf8');
  };
}

/**
 * Refuses JSON nested deeper than `max` before it is parsed. A hundred thousand nested brackets
 * parse, but then overflow the stack of the recursive steps after (class-transformer,
 * validation). One pass over the raw bytes, skipping strings; a malformed body is left for the
 * parser to report.
 */
function limitJsonDepth(max: number) {
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
        if (++depth > max) throw badRequest(`JSON in the request body is nested more than ${max} levels deep`, 'entity.too.deep');
      } else if (byte === CLOSE_LIST || byte === CLOSE_OBJECT) depth--;
    }
  };
}

/** The path of the first string (or key) inside a parsed body or query that `bad` finds, if any. */
function fieldWith(value: unknown, path: string, bad: (text: string) => boolean): string | undefined {
  if (typeof value === 'string') return bad(value) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const isList = Array.isArray(value);
  for (const [key, item] of Object.entries(value)) {
    const at = isList ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (bad(key)) return at;
    const found = fieldWith(item, at, bad);
    if (found) return found;
  }
  return undefined;
}

const hasNul = (text: string) => text.includes('\0');

/** The query part of an address, as sent. */
const queryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');

/** Whether an address (path and query, as sent) holds U+0000, or a query escape that is not UTF-8: the application refuses it. */
export function addressIsRefused(url: string): boolean {
  return /%00/i.test(url) || (/%[89a-f]/i.test(url) && formFieldNotUtf8(queryOf(url)) !== undefined);
}

/**
 * Refuses text that cannot be stored as sent, anywhere in the address, the query or a parsed body,
 * naming the field: U+0000, which PostgreSQL cannot store or even compare in text (it would
 * otherwise fail as a 500 deep inside whichever query met it first), and text that is not Unicode
 * (a lone surrogate, or a query escape that is not UTF-8), which would be stored as U+FFFD.
 * Other control characters are a per-field rule (common/text-rules.ts): line breaks are fine in a
 * poem, not in a title.
 */
export function refuseMalformedText() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const withNul = fieldWith(req.body, '', hasNul) ?? fieldWith(req.query, '', hasNul);
    if (withNul) return next(new BadRequestException(`${withNul} must not contain the NUL character (U+0000)`));
    if (/%00/i.test(req.originalUrl)) return next(new BadRequestException('The address must not contain the NUL character (U+0000)'));
    const notUnicode =
      formFieldNotUtf8(queryOf(req.originalUrl)) ?? fieldWith(req.body, '', hasLoneSurrogate) ?? fieldWith(req.query, '', hasLoneSurrogate);
    if (notUnicode !== undefined) return next(new BadRequestException(`${notUnicode} ${NOT_UNICODE}`));
    next();
  };
}
