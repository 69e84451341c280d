/** A recording of a poem being read aloud, as the API answers it. */
export interface RecordingResponse {
  id: number;
  poem_id: number;
  /** Where the sound is served (with ranges, an ETag and long caching); 404 to visitors while the book is a draft. */
  url: string;
  /** As read from its bytes; audio/webm (Opus) is what a reading recorded in the admin's browser usually is. */
  mime_type: 'audio/mpeg' | 'audio/aac' | 'audio/mp4' | 'audio/ogg' | 'audio/webm' | 'audio/flac' | 'audio/wav';
  /** Its length, read from its bytes. */
  duration_seconds: number;
  byte_size: number;
  /** Who reads: a name, or null for the poet herself. */
  reader: string | null;
  /** When it was recorded, as free text like a publication date ("1987", "spring 1992"). */
  recorded: string;
  /** Where it comes from: a cassette, a broadcast. */
  source: string;
  notes: string;
  /** Its place among the poem's recordings, from 1. */
  position: number;
  /** Where each line of the poem starts, in seconds, by line; empty until marked. */
  line_marks: number[];
}

/** The fields of a recording sent beside its file (multipart) or alone (PUT); absent fields stay as they are. */
export interface RecordingDetailsRequest {
  reader?: string | null;
  recorded?: string;
  source?: string;
  notes?: string;
  /** PUT only. */
  line_marks?: number[];
}

/** The poem's recordings in their new order: every id once. */
export interface RecordingOrderRequest {
  recording_ids: number[];
}

/** A recording's length: "0:07", "4:05", "1:02:09". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Who reads a recording: the name given, or the poet when no one is named. */
export function readerName(recording: { reader: string | null }, poetName: string): string {
  return recording.reader?.trim() || poetName;
}

/** "Jane Doe, 1987": who reads and when, the date left out when unknown. */
export function readerAndWhen(recording: { reader: string | null; recorded: string }, poetName: string): string {
  const when = recording.recorded.trim();
  return `${readerName(recording, poetName)}${when ? `, ${when}` : ''}`;
}

/**
 * "Listen — read by Jane Doe, 1987", as readerAndWhen says it. Written out rather than calling it:
 * this is in the reader's first load, whose budget has no room for the call.
 */
export function listenTitle(recording: { reader: string | null; recorded: string }, poetName: string): string {
  const when = recording.recorded.trim();
  return `Listen — read by ${recording.reader?.trim() || poetName}${when ? `, ${when}` : ''}`;
}
