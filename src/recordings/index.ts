/**
 * Recordings of the poems read aloud. Other modules import from here only (checked by
 * dependency-cruiser).
 */
export { RecordingsModule } from './recordings.module.js';
