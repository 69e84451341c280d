import { Module, type DynamicModule } from '@nestjs/common';
import { ArchiveModule } from './archive.module.js';
import { ArchiveController } from './http/archive.controller.js';

/** The admin's backup download. API process only. */
@Module({})
export class ArchiveHttpModule {
  static forRoot(pageStoreModule: DynamicModule): DynamicModule {
    return { module: ArchiveHttpModule, imports: [ArchiveModule.forRoot(pageStoreModule)], controllers: [ArchiveController] };
  }
}
