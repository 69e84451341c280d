/**
 * The verse rules: how a poem's body is set for reading, in one place for the server (social
 * cards, search snippets, the book download) and both clients (the reader, the admin's preview).
 *
 * A body is plain text (docs/ARCHITECTURE.md, "Text of a poem"): a line is a verse line, an empty line a
 * stanza break, leading spaces indentation, two spaces to the em of the printed page (as the
 * scanner writes them). A verse line too long for the screen is turned over, as printers do: its
 * continuation (the turnover) is set deeper than the poem's deepest indentation, so it can never
 * be read as an indented line, on any width.
 *
 * How space is measured: one space of indentation is a "unit", half an em where the page has
 * room. The turnover starts TURNOVER_GAP units past the deepest indentation. On a narrow screen
 * the unit shrinks so that the turnover's start stays within TURNOVER_ROOM of the measure, which
 * keeps every level distinct and in proportion, rather than capping deep indents into one.
 */

/** A tab in a typed body counts as this many spaces. */
export const TAB_SPACES = 4;
/** Spaces of indentation per em of the printed page: one space is half an em. */
export const SPACES_PER_EM = 2;
/** How many units deeper than the deepest indentation a turnover starts (2 em at full size). */
export const TURNOVER_GAP = 4;
/** Share of the measure the turnover's start may take on a narrow screen, before units shrink. */
export const TURNOVER_ROOM = 0.4;

export interface VerseLine {
  /** Leading spaces: the indentation, in units. */
  indent: number;
  /** Rank of the indentation among the poem's distinct ones: 0 is flush, 1 the shallowest indent, ... */
  level: number;
  text: string;
}

export type Stanza = VerseLine[];

export interface SetVerse {
  stanzas: Stanza[];
  /** The deepest indentation of the poem, in units (0 when no line is indented). */
  deepest: number;
  /** How many distinct indentations the poem uses besides flush. */
  levels: number;
}

/** Splits a body into stanzas of lines with their indentation and level. */
export function setVerse(body: string): SetVerse {
  const stanzas: Stanza[] = [];
  let current: Stanza = [];
  for (const raw of body.replace(/\t/g, ' '.repeat(TAB_SPACES)).split(/\r\n|\r|\n/)) {
    const line = raw.replace(/\s+$/u, '');
    if (line === '') {
      if (current.length > 0) stanzas.push(current);
      current = [];
      continue;
    }
    const text = line.replace(/^ +/, '');
    current.push({ indent: line.length - text.length, level: 0, text });
  }
  if (current.length > 0) stanzas.push(current);
  const indents = [...new Set(stanzas.flat().map((l) => l.indent))].filter((i) => i > 0).sort((a, b) => a - b);
  for (const line of stanzas.flat()) line.level = line.indent === 0 ? 0 : indents.indexOf(line.indent) + 1;
  return { stanzas, deepest: indents[indents.length - 1] ?? 0, levels: indents.length };
}

/** Where a turnover starts, in units: past the deepest indentation by the gap. */
export function turnoverAt(deepest: number): number {
  return deepest + TURNOVER_GAP;
}

/**
 * A line set at a fixed size (the book download, print): its indentation and the turnover's start
 * as em, for a hanging indent (padding = the turnover, text-indent pulls the first row back).
 */
export function lineGeometryEm(indent: number, deepest: number): { paddingEm: number; textIndentEm: number } {
  const hang = turnoverAt(deepest) / SPACES_PER_EM;
  return { paddingEm: hang, textIndentEm: indent / SPACES_PER_EM - hang };
}

/**
 * The custom properties a page sets on a poem for reader.css, whose rule is the one above in CSS:
 *   unit     = min(--space, 100cqi * --room / (--deepest + --gap))
 *   padding  = (--deepest + --gap) * unit        (where every turnover starts)
 *   indent   = (--indent - --deepest - --gap) * unit   (pulls the line's first row back to its indentation)
 * The numbers come from here, so the rule has one statement; the stylesheet only does the sums.
 */
export function verseProperties(deepest: number): Record<'--deepest' | '--gap' | '--room' | '--space', string | number> {
  return { '--deepest': deepest, '--gap': TURNOVER_GAP, '--room': TURNOVER_ROOM, '--space': `${1 / SPACES_PER_EM}em` };
}

/** The first `count` lines of a poem that hold words, with their indentation: for social cards. */
export function openingLines(body: string, count: number): VerseLine[] {
  return setVerse(body).stanzas.flat().slice(0, count);
}

/** A section's numeral alone: "I.", "II", "(iv)", "3.", "§ 2". */
const SECTION_NUMERAL = /^[([]?(?:§\s*)?(?:[ivxlcdm]+|\d+)[.):\]]?$/i;
/** A heading of a part of a long poem or a play: "Part II", "Canto 3", "Act I, Scene 2", "Prologue". */
const PART_HEADING =
  /^(?:(?:part|book|canto|section|act|scene|chapter)\s+(?:[ivxlcdm]+|\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b[^a-z]*(?:,?\s*scene\s+\S+)?|prologue|epilogue|dramatis personae|the persons of the play)[.:]?$/i;

/**
 * Whether a line of a poem heads what follows rather than being verse: a section's numeral, a
 * part or act heading, or a short line in capitals throughout (a speaker's name, a heading). The
 * index of first lines passes over such lines; print keeps them on the page of what they head.
 */
export function isVerseHeading(line: string): boolean {
  const text = line.trim();
  if (SECTION_NUMERAL.test(text) || PART_HEADING.test(text)) return true;
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase() && text.split(/\s+/).length <= 4;
}
