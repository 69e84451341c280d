/**
 * Read along: where each line of a poem starts in a recording of it, in seconds (a recording's
 * `line_marks`, one a line from the first, in reading order as the API requires). The rules the
 * reader and the admin share: which line is being read at a moment, and the curator's marking, a
 * mark a line as it begins, each adjustable afterwards, always kept in order.
 */

/** A seek lands on the mark or a hair before it (the player's own rounding); still that line. */
const SEEK_SLACK = 0.01;

/** The API keeps marks to the millisecond. */
const toMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The line being read at `time`: the last whose mark has come, or -1 before the first mark. */
export function lineAt(marks: readonly number[], time: number): number {
  let line = -1;
  while (line + 1 < marks.length && marks[line + 1]! <= time + SEEK_SLACK) line++;
  return line;
}

/**
 * The marks once the next line is marked at `time`. Marking at a time before marks already made
 * (the recording was taken back to redo a line) marks again from there, and the lines after it
 * are unmarked. When every line is marked, a later time changes nothing.
 */
export function markNext(marks: readonly number[], time: number, lineCount: number): number[] {
  const at = toMs(Math.max(0, time));
  const kept = marks.filter((mark) => mark < at);
  return kept.length >= lineCount ? [...marks] : [...kept, at];
}

/** Where the mark of `line` may go: not before the line above's, not after the line below's, within the recording. */
export function markRange(marks: readonly number[], line: number, duration: number): { min: number; max: number } {
  return { min: line > 0 ? (marks[line - 1] ?? 0) : 0, max: marks[line + 1] ?? duration };
}

/**
 * The marks with line `line` starting at `time` (the line marked, or the next one to mark), or
 * undefined when that time would put it before the line above or after the line below.
 */
export function placeMark(marks: readonly number[], line: number, time: number, duration: number): number[] | undefined {
  if (line < 0 || line > marks.length || !Number.isFinite(time)) return undefined;
  const { min, max } = markRange(marks, line, duration);
  const at = toMs(time);
  if (at < min || at > max) return undefined;
  const next = [...marks];
  next[line] = at;
  return next;
}

/** The mark of `line` moved by `delta` seconds, held between its neighbours and within the recording. */
export function nudgeMark(marks: readonly number[], line: number, delta: number, duration: number): number[] {
  const current = marks[line];
  if (current === undefined) return [...marks];
  const { min, max } = markRange(marks, line, duration);
  return placeMark(marks, line, Math.min(max, Math.max(min, toMs(current + delta))), duration)!;
}

/** A mark as the curator reads and types it: "0:07.4", "12:03.0". */
export function formatMark(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${minutes}:${rest}`;
}

/** A typed time, "0:07.4", "7.4" or "1:02": seconds, or undefined when it is none. */
export function parseMark(text: string): number | undefined {
  const match = /^\s*(?:(\d+):)?(\d+(?:[.,]\d*)?)\s*$/.exec(text);
  if (!match) return undefined;
  const seconds = Number(match[2]!.replace(',', '.'));
  if (match[1] !== undefined && seconds >= 60) return undefined;
  return toMs(Number(match[1] ?? 0) * 60 + seconds);
}
