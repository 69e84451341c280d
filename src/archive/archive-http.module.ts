import { Module } from '@nestjs/common';
import { ArchiveModule } from './archive.module.js';
import { ArchiveController } from './http/archive.controller.js';

/** The admin's backup download. API process only. */
@Module({ imports: [ArchiveModule], controllers: [ArchiveController] })
export class ArchiveHttpModule {}
