/**
 * Counting rules for a poem's body (docs/ARCHITECTURE.md, "Text of a poem"): a line is any line with
 * non-whitespace content, so stanza breaks do not count; words are whitespace-separated tokens.
 */
export function countLines(body: string): number {
  let count = 0;
  for (const line of body.split(/\r\n|\r|\n/)) if (line.trim() !== '') count++;
  return count;
}

export function countWords(body: string): number {
  const trimmed = body.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}
