import { isUtf8 } from 'node:buffer';

/*
 * Text that is not Unicode: bytes that are not UTF-8, or a lone surrogate (half of a UTF-16 pair,
 * which JSON can spell as "\ud800"). Decoders quietly put U+FFFD in its place, so what was stored
 * would not be what was sent; the archive refuses it instead, naming the field.
 */

/** Whether a string holds a lone surrogate (in `u` mode a well-formed pair is one code point, never \p{Cs}). */
export function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text);
}

/** The second byte's range after each lead byte of a multi-byte sequence (Unicode Table 3-7); later bytes are 80..BF. */
function sequenceOf(lead: number): { length: number; low: number; high: number } | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return { length: 2, low: 0x80, high: 0xbf };
  if (lead === 0xe0) return { length: 3, low: 0xa0, high: 0xbf };
  if (lead === 0xed) return { length: 3, low: 0x80, high: 0x9f }; // not the surrogates D800..DFFF
  if (lead >= 0xe1 && lead <= 0xef) return { length: 3, low: 0x80, high: 0xbf };
  if (lead === 0xf0) return { length: 4, low: 0x90, high: 0xbf };
  if (lead >= 0xf1 && lead <= 0xf3) return { length: 4, low: 0x80, high: 0xbf };
  if (lead === 0xf4) return { length: 4, low: 0x80, high: 0x8f };
  return undefined;
}

/** Length of the well-formed UTF-8 sequence starting at `i`, or 0 when the byte there starts none. */
function sequenceAt(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  if (lead < 0x80) return 1;
  const seq = sequenceOf(lead);
  if (!seq || i + seq.length > bytes.length) return 0;
  const second = bytes[i + 1]!;
  if (second < seq.low || second > seq.high) return 0;
  for (let k = 2; k < seq.length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return 0;
  return seq.length;
}

/**
 * The bytes as text, each byte that is not part of well-formed UTF-8 written as the JSON escape of
 * a lone surrogate (`\udcFF` for 0xFF): inside a JSON string it parses to a lone surrogate, so the
 * one check for lone surrogates finds the field either way.
 */
export function markingInvalidUtf8(bytes: Uint8Array): string {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length;) {
    const length = sequenceAt(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    parts.push(Buffer.from(bytes.subarray(start, i)).toString('utf8'), `\\udc${bytes[i]!.toString(16).padStart(2, '0')}`);
    start = ++i;
  }
  parts.push(Buffer.from(bytes.subarray(start)).toString('utf8'));
  return parts.join('');
}

/**
 * The first name in a query string or form body (`a=1&b=%FF`) whose name or value, once its
 * percent-escapes are decoded, is not UTF-8; undefined when all are. A bare `%` is left alone (it
 * is read as itself), only escapes that make bytes are checked.
 */
export function formFieldNotUtf8(form: string): string | undefined {
  for (const pair of form.split('&')) {
    const eq = pair.indexOf('=');
    const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    const nameBytes = bytesOf(name);
    if (!isUtf8(nameBytes) || !isUtf8(bytesOf(value))) return nameBytes.toString('utf8');
  }
  return undefined;
}

/** A form component's bytes: `+` is a space, `%XX` a byte, anything else its own UTF-8. */
function bytesOf(component: string): Buffer {
  const parts = component.replace(/\+/g, ' ').split(/(%[0-9a-fA-F]{2})/);
  return Buffer.concat(
    parts.map((part) => (/^%[0-9a-fA-F]{2}$/.test(part) ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part, 'utf8'))),
  );
}
