import { Matches, type ValidationOptions } from 'class-validator';

/*
 * What the archive accepts as text typed by a curator. Control characters are refused (not
 * stripped), so what is stored is exactly what was sent, and the 400 names the field:
 * - C0 and C1 controls and DEL (PostgreSQL cannot even store U+0000), except tab, line feed and
 *   carriage return: a poem's body and notes need them for line breaks and indentation, and a
 *   title read from a photo may arrive with a line break the curator never sees in a one-line
 *   input, so refusing it there would only block saving the wizard's work;
 * - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
 *   reorder the text around them on every page that shows it. The marks U+200E, U+200F and
 *   U+061C stay allowed: they affect only their neighbours and right-to-left verse needs them.
 * A title (and a poem's body) also needs a visible character: whitespace and invisible format
 * characters (zero-width spaces, joiners, fillers) alone do not make one.
 */

const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
const REFUSED_CHARACTERS = `\\0-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F${BIDI_CONTROLS}`;
const ALLOWED_TEXT = new RegExp(`^[^${REFUSED_CHARACTERS}]*$`, 'u');
const REFUSED = new RegExp(`[${REFUSED_CHARACTERS}]`, 'gu');
/** Anything that is not whitespace, a control, a format character or a default-ignorable filler. */
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Whether text is curator text as the API takes it: no control characters but tab and line breaks, no bidirectional overrides. */
export function isPlainText(text: string): boolean {
  return ALLOWED_TEXT.test(text);
}

/** Whether text shows something (not only whitespace or invisible characters). */
export function isVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}

/** For the API docs of every text field. */
export const TEXT_RULE =
  'Control characters other than tab and line breaks, and the bidirectional embeddings/overrides U+202A–U+202E and U+2066–U+2069, are refused with 400 (never stripped).';

/** Curator text: tab, LF and CR allowed, other controls and bidi overrides refused with a 400 naming the field. */
export function PlainText(field: string, options: ValidationOptions = {}): PropertyDecorator {
  const each = options.each ? 'each of ' : '';
  return Matches(ALLOWED_TEXT, { ...options, message: `${each}${field} must not contain control characters or bidirectional overrides` });
}

/** Text that shows something: refused when it is only whitespace or invisible characters. */
export function VisibleText(message: string): PropertyDecorator {
  return Matches(VISIBLE, { message });
}

/**
 * Text read from a photo (OCR or the AI) with the characters a curator could not save removed:
 * nobody typed them, and the wizard would otherwise refuse to save a character no one can see.
 */
export function withoutRefusedCharacters(text: string): string {
  return text.replace(REFUSED, '');
}
