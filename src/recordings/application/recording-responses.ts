import type { RecordingResponse } from '../../../contracts/recordings.js';
import type { Recording } from '../domain/recording.js';

/** A recording as the API and the reader's pages give it. */
export function toRecordingResponse(r: Recording): RecordingResponse {
  return {
    id: r.id,
    poem_id: r.poemId,
    url: `/api/recordings/${r.id}/file`,
    mime_type: r.mimeType as RecordingResponse['mime_type'],
    duration_seconds: r.durationSeconds,
    byte_size: r.byteSize,
    reader: r.reader,
    recorded: r.recorded,
    source: r.source,
    notes: r.notes,
    position: r.position,
    line_marks: r.lineMarks,
  };
}
