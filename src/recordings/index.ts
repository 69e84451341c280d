/**
 * Recordings of the poems. Other modules import from here only (checked by dependency-cruiser):
 * the reader's pages carry a published poem's recordings.
 */
export { RecordingsModule } from './recordings.module.js';
export { RecordingsService } from './application/recordings.service.js';
export { toRecordingResponse } from './application/recording-responses.js';
