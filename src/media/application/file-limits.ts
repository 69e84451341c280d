import type { AppConfig } from '../../config/app-config.js';
import type { FileLimits } from '../domain/file-type.js';

/** Each kind of file's largest size, from the settings (MAX_UPLOAD_MB, MAX_PDF_MB, MAX_AUDIO_MB). */
export const fileLimits = (config: Pick<AppConfig, 'maxUploadBytes' | 'maxPdfBytes' | 'maxAudioBytes'>): FileLimits => ({
  image: config.maxUploadBytes,
  pdf: config.maxPdfBytes,
  audio: config.maxAudioBytes,
});
