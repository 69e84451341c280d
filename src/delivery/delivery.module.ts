import { Module } from '@nestjs/common';
import { CatalogCoreModule } from '../catalog/catalog-core.module.js';
import { PublicReadCache } from './public-read-cache.js';
import { PublicReadInterceptor } from './public-read.interceptor.js';

/**
 * How public reads reach visitors: the read cache in front of the application, and compression.
 * HTTP-only, so the worker (which imports the catalog core) never builds it.
 */
@Module({
  imports: [CatalogCoreModule],
  providers: [PublicReadCache, PublicReadInterceptor],
  exports: [PublicReadCache, PublicReadInterceptor],
})
export class DeliveryModule {}
