import { RecordingError } from './recording.errors.js';

/** A recording of a poem read aloud: its file in the store and what is known of it. */
export interface Recording {
  id: number;
  poemId: number;
  storageKey: string;
  /** As the media module read it from the bytes (audio/mpeg, audio/ogg, ...). */
  mimeType: string;
  byteSize: number;
  sha256: string;
  durationSeconds: number;
  /** Who reads; null is the poet herself. */
  reader: string | null;
  recorded: string;
  source: string;
  notes: string;
  position: number;
  lineMarks: number[];
  /** When it was added to the archive. */
  createdAt: Date;
}

export interface RecordingDetails {
  reader: string | null;
  recorded: string;
  source: string;
  notes: string;
}

/** The longest each field may be, in characters: a name, a date, a source are short; notes are a few paragraphs. */
export const DETAIL_LIMITS = { reader: 200, recorded: 100, source: 500, notes: 10_000 } as const;

/**
 * The details a curator gave, checked: text fields trimmed, none longer than its limit, a reader
 * left empty meaning the poet. Fields absent stay as `current` has them.
 */
export function recordingDetails(input: Record<string, unknown>, current?: RecordingDetails): RecordingDetails {
  const text = (field: keyof typeof DETAIL_LIMITS): string | undefined => {
    const value = input[field];
    if (value === undefined) return undefined;
    if (value === null && field === 'reader') return '';
    if (typeof value !== 'string') throw invalid(`${field} must be text.`);
    const trimmed = value.trim();
    if (trimmed.length > DETAIL_LIMITS[field]) throw invalid(`${field} may be at most ${DETAIL_LIMITS[field]} characters.`);
    return trimmed;
  };
  const reader = text('reader');
  return {
    reader: reader === undefined ? (current?.reader ?? null) : reader || null,
    recorded: text('recorded') ?? current?.recorded ?? '',
    source: text('source') ?? current?.source ?? '',
    notes: text('notes') ?? current?.notes ?? '',
  };
}

/**
 * Where each line starts, in seconds: one mark a line at most (of the poem's `lineCount`), each
 * within the recording and none before the line above it (lines are read in order).
 */
export function checkLineMarks(marks: unknown, durationSeconds: number, lineCount: number): number[] {
  if (!Array.isArray(marks)) throw marksInvalid('line_marks must be a list of seconds, one a line.');
  if (marks.length > lineCount) throw marksInvalid(`The poem has ${lineCount} lines; ${marks.length} marks were given.`);
  marks.forEach((mark, line) => {
    if (typeof mark !== 'number' || !Number.isFinite(mark) || mark < 0 || mark > durationSeconds) {
      throw marksInvalid(`The mark of line ${line + 1} must be a time within the recording (0 to ${durationSeconds} seconds).`);
    }
    if (line > 0 && mark < (marks[line - 1] as number)) {
      throw marksInvalid(`Line ${line + 1} is marked before line ${line}: lines are read in order.`);
    }
  });
  return marks.map((mark: number) => Math.round(mark * 1000) / 1000);
}

/** The ids of a poem's recordings in a new order: every one of them, once. */
export function checkRecordingOrder(current: readonly number[], wanted: unknown): number[] {
  const ids = Array.isArray(wanted) ? wanted : [];
  const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id as number));
  if (!same) {
    throw new RecordingError('RECORDING.ORDER_MISMATCH', "The order must name each of the poem's recordings once, as they are now.", {
      recording_ids: current,
    });
  }
  return ids as number[];
}

/** Where a recording's file is kept: under its book, so the book's permanent deletion takes it. */
export function recordingKey(publicationId: number, poemId: number, name: string, extension: string): string {
  return `recordings/${publicationId}/${poemId}/${name}.${extension}`;
}

/**
 * The identifier a recording keeps wherever it goes: the random name its file was stored under,
 * unchanged by edits, reordering, a backup's restore or a move between stores.
 */
export function recordingUuid(storageKey: string): string {
  return /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.\w+$/.exec(storageKey)?.[1] ?? storageKey;
}

/** The folder of a book's recordings in the store. */
export const recordingsOfPublication = (publicationId: number) => `recordings/${publicationId}`;

const invalid = (message: string) => new RecordingError('RECORDING.INVALID_DETAILS', message);
const marksInvalid = (message: string) => new RecordingError('RECORDING.INVALID_LINE_MARKS', message);

/**
 * The bytes `start`-`end` a Range header asks of a file of `size` bytes: one range (the only kind
 * a player asks for), `bytes=a-b`, `bytes=a-` or `bytes=-n`. Undefined when there is none or it
 * is not one range the archive serves (the whole file is answered); 'unsatisfiable' past the end.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
