import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { PublicReadCache } from './application/public-read-cache.js';
import { PublicReadInterceptor } from './http/public-read.interceptor.js';

/**
 * How public reads reach visitors: the read cache in front of the application, and compression.
 * HTTP-only, so the worker never builds it. Bound once by the API's root module with the module
 * that provides CONTENT_CHANGES (the catalog's), and global: every module's controllers use the
 * read interceptor without delivery knowing any of them, or they it beyond its index.ts.
 */
@Module({})
export class DeliveryModule {
  static forRoot(changes: NonNullable<ModuleMetadata['imports']>[number]): DynamicModule {
    return {
      module: DeliveryModule,
      global: true,
      imports: [changes],
      providers: [PublicReadCache, PublicReadInterceptor],
      exports: [PublicReadCache, PublicReadInterceptor],
    };
  }
}
