import { Matches, type ValidationOptions } from 'class-validator';

/*
 * What the archive accepts as text typed by a curator. Control characters are refused (not
 * stripped), so what is stored is exactly what was sent, and the 400 names the field:
 * - C0 and C1 controls and DEL, anywhere (PostgreSQL cannot even store U+0000); multi-line fields
 *   (a poem's body, notes) keep tab, line feed and carriage return for their line breaks and
 *   indentation;
 * - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
 *   reorder the text around them on every page that shows it. The marks U+200E, U+200F and
 *   U+061C stay allowed: they affect only their neighbours and right-to-left verse needs them.
 * A title (and a poem's body) also needs a visible character: whitespace and invisible format
 * characters (zero-width spaces, joiners, fillers) alone do not make one.
 */

const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
const SINGLE_LINE = new RegExp(`^[^\\p{Cc}${BIDI_CONTROLS}]*$`, 'u');
const MULTI_LINE = new RegExp(`^[^\\0-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F${BIDI_CONTROLS}]*$`, 'u');
/** Anything that is not whitespace, a control, a format character or a default-ignorable filler. */
export const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}\u2800]/u;

const DESCRIPTION = 'Control characters (and bidirectional embeddings/overrides U+202A–U+202E, U+2066–U+2069) are refused with 400';
export const SINGLE_LINE_TEXT_RULE = `${DESCRIPTION}.`;
export const MULTI_LINE_TEXT_RULE = `${DESCRIPTION}; tab and line breaks are kept.`;

function textRule(pattern: RegExp, field: string, options: ValidationOptions): PropertyDecorator {
  const each = options.each ? 'each of ' : '';
  return Matches(pattern, { ...options, message: `${each}${field} must not contain control characters or bidirectional overrides` });
}

/** One line of text: no control characters at all. */
export function SingleLineText(field: string, options: ValidationOptions = {}): PropertyDecorator {
  return textRule(SINGLE_LINE, field, options);
}

/** Text with line breaks and indentation: tab, LF and CR allowed, other controls refused. */
export function MultiLineText(field: string, options: ValidationOptions = {}): PropertyDecorator {
  return textRule(MULTI_LINE, field, options);
}

/** Text that shows something: refused when it is only whitespace or invisible characters. */
export function VisibleText(message: string): PropertyDecorator {
  return Matches(VISIBLE, { message });
}
