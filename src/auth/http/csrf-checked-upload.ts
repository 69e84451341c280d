import {
  HttpException,
  Inject,
  Injectable,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { verifyCsrfFormField } from './csrf.js';

export interface CsrfCheckedUploadOptions {
  /** Multer's interceptor for the form (AnyFilesInterceptor, FileInterceptor…) with its limits, from the config. */
  multer: (config: AppConfig) => Type<NestInterceptor>;
  /**
   * The module's own error for a limit multer stopped at (LIMIT_FILE_SIZE, LIMIT_FILE_COUNT,
   * LIMIT_UNEXPECTED_FILE…), so each upload answers in its own words; undefined passes multer's on.
   */
  refusal: (code: string, config: AppConfig) => Error | undefined;
}

/**
 * A multipart upload parsed by multer, then its CSRF form field checked: the token travels in the
 * form, so it can only be read once the form is parsed (the handler runs later, on subscription).
 * Multer's limit errors become the module's own 4xx errors.
 */
export function CsrfCheckedUpload(options: CsrfCheckedUploadOptions): Type<NestInterceptor> {
  @Injectable()
  class Interceptor implements NestInterceptor {
    private readonly multer: NestInterceptor;

    constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
      const Multer = options.multer(config);
      this.multer = new Multer();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        const handled = await this.multer.intercept(context, next);
        verifyCsrfFormField(context.switchToHttp().getRequest<Request>());
        return handled;
      } catch (err) {
        const code = ((err as HttpException)?.cause as { code?: string } | undefined)?.code;
        throw (code && options.refusal(code, this.config)) || err;
      }
    }
  }
  return mixin(Interceptor);
}
