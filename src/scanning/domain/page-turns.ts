/**
 * Page turns inside a poem. Whether a stanza ends where a page turns cannot always be seen on the
 * pages (a full page leaves no room to show the blank line), so a body may carry a marker at such
 * a turn until the poem is whole; then the poem's own stanzas decide. Used within a batch by the
 * offline layout, and across batches when a scan continues a poem already in the publication.
 */

/** Stands in a body for a page turn not yet known to be a stanza break (resolved before returning). */
export const PAGE_TURN = '\u0000';

/**
 * Decides the page turns inside a poem that the page's geometry left open, by the poem's own
 * stanzas: when its other stanzas all have the same length and the turn falls exactly after and
 * before that many lines, the turn is a stanza break; otherwise the stanza runs on across it.
 */
export function resolveTurns(body: string): string {
  const lines = body.split('\n');
  if (!lines.includes(PAGE_TURN)) return body;
  const stanzas: Array<{ lines: number; turnAt?: number }> = [];
  let current = { lines: 0 } as { lines: number; turnAt?: number };
  for (const line of lines) {
    if (line === PAGE_TURN) current.turnAt = current.lines;
    else if (line.trim() === '') {
      stanzas.push(current);
      current = { lines: 0 };
    } else current.lines++;
  }
  stanzas.push(current);
  const whole = stanzas.filter((st) => st.turnAt === undefined).map((st) => st.lines);
  const n = whole[0];
  const regular = whole.length > 0 && n >= 2 && whole.every((len) => len === n);
  const out: string[] = [];
  let k = 0;
  for (const line of lines) {
    if (line === PAGE_TURN) {
      const st = stanzas[k];
      if (regular && st.turnAt === n && st.lines - n === n) out.push('');
      continue;
    }
    if (line.trim() === '') k++;
    out.push(line);
  }
  return out.join('\n');
}

/** Joins a poem's text with its continuation from the next page, deciding the turn by the stanzas. */
export function joinAtPageTurn(before: string, after: string, stanzaBreak?: boolean): string {
  if (!before.trim()) return after;
  if (!after.trim()) return before;
  return resolveTurns(`${before}\n${stanzaBreak ? '' : PAGE_TURN}\n${after}`);
}
