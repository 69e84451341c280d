/**
 * A poem body as printed (ARCHITECTURE "Text of a poem"): lines are lines, an empty line is a
 * stanza break, leading spaces are indentation. Tabs count as four spaces.
 */
export interface VerseLine {
  /** Leading spaces, kept as an indent width rather than as collapsible text. */
  indent: number;
  text: string;
}

export type Stanza = VerseLine[];

export function parseVerse(body: string): Stanza[] {
  const stanzas: Stanza[] = [];
  let current: Stanza = [];
  for (const raw of body.replace(/\t/g, '    ').split(/\r\n|\r|\n/)) {
    const line = raw.replace(/\s+$/u, '');
    if (line === '') {
      if (current.length > 0) stanzas.push(current);
      current = [];
      continue;
    }
    const text = line.replace(/^ +/, '');
    current.push({ indent: line.length - text.length, text });
  }
  if (current.length > 0) stanzas.push(current);
  return stanzas;
}
