/**
 * Recordings of the poems. Other modules import from here only (checked by dependency-cruiser):
 * the reader's pages carry a published poem's recordings, the recordings page, the podcast feed and
 * the book's EPUB all of them.
 */
export { RecordingsModule } from './recordings.module.js';
export { RecordingsService } from './application/recordings.service.js';
export type { PublishedRecording } from './application/recordings.service.js';
export type { Recording } from './domain/recording.js';
export { recordingUuid } from './domain/recording.js';
export { toRecordingResponse } from './application/recording-responses.js';
