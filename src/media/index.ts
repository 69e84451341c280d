/**
 * The archive's stored files: the store every module keeps its files in (page photos, the
 * memorial's portrait, recordings, backups' contents), what a file is by its bytes and the limits
 * of each kind. Other modules import from here only; its adapters stay inside (checked by
 * dependency-cruiser).
 */
export { MediaModule } from './media.module.js';
export { FILE_STORE, FileNotStoredError, FileStoreUnavailableError } from './application/ports/file-store.port.js';
export type { ByteRange, FileStore } from './application/ports/file-store.port.js';
export { AUDIO_FILES } from './application/ports/audio-files.port.js';
export type { AudioFiles } from './application/ports/audio-files.port.js';
export { fileLimits } from './application/file-limits.js';
export { ascii, AUDIO_EXTENSIONS, audioExtension, detectImageType, isPdf } from './domain/file-type.js';
export type { AudioJudgement, AudioType } from './domain/file-type.js';
