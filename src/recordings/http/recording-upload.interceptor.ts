import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Observable } from 'rxjs';
import { CsrfCheckedUpload } from '../../auth/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { fileLimits } from '../../media/index.js';
import { RecordingError } from '../domain/recording.errors.js';
import type { SpooledFile } from '../application/recordings.service.js';

/** The part of a multer file on disk this module reads (multer's own types are not installed). */
interface MulterDiskFile {
  path: string;
  size: number;
}

/**
 * An upload spooled to this machine's disk as it arrives (multer's disk storage under
 * DATA_DIR/uploads), never held in memory, so a recording of hundreds of megabytes costs a few
 * kilobytes of memory; multer stops at MAX_AUDIO_MB and removes what it wrote.
 */
const Upload = CsrfCheckedUpload({
  multer: (config) =>
    FileInterceptor('file', { dest: spoolDir(config), limits: { fileSize: fileLimits(config).audio, files: 1, fields: 20 } }),
  refusal: (code, config) => {
    if (code === 'LIMIT_FILE_SIZE') return RecordingError.tooLarge(fileLimits(config).audio);
    if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT')
      return new RecordingError('RECORDING.UNEXPECTED_FILE_FIELD', 'Send one recording per request, in the field "file".');
    return undefined;
  },
});

export const spoolDir = (config: AppConfig) => join(config.dataDir, 'uploads');

/** The recording's upload, its spooled file removed once the answer is sent, whatever it was (kept, refused, or a CSRF refusal). */
@Injectable()
export class RecordingUploadInterceptor implements NestInterceptor {
  private readonly upload: NestInterceptor;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.upload = new Upload(config);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    context
      .switchToHttp()
      .getResponse<Response>()
      .once('close', () => {
        const path = spooled(req)?.path;
        if (path) void rm(path, { force: true });
      });
    return await this.upload.intercept(context, next);
  }
}

/** The file the upload spooled, if any. */
export function spooled(req: Request): SpooledFile | undefined {
  const file = (req as Request & { file?: MulterDiskFile }).file;
  return file ? { path: file.path, size: file.size } : undefined;
}
